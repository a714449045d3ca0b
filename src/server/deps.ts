import type { Config } from './config';
import type { Db } from './db/client';
import type { BusinessClock } from './modules/lifecycle/clock';

/** What every module's routes are built from. */
export interface Deps {
  db: Db;
  cfg: Config;
  /** System time (sessions, tokens, logs); tests move it. */
  now: () => Date;
  /** The date the business runs on (loan dates): system time plus an offset tests and the test screen move. */
  clock: BusinessClock;
  /** Text of a new captcha; tests pass a fixed one. */
  captchaText: () => string;
  /** Where uploaded files are kept. */
  filesDir: string;
}
