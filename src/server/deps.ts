import type { Config } from './config';
import type { Db } from './db/client';

/** What every module's routes are built from. */
export interface Deps {
  db: Db;
  cfg: Config;
  /** System time; tests move it. (The business clock for loans is separate and comes with the lifecycle.) */
  now: () => Date;
  /** Text of a new captcha; tests pass a fixed one. */
  captchaText: () => string;
  /** Where uploaded files are kept. */
  filesDir: string;
}
