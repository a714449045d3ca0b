import path from 'node:path';

/** Every setting the server reads, from the environment (documented in README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /** Folder for the embedded database and uploaded files. `memory://` keeps the database in memory. */
  dataDir: string;
  captchaEnabled: boolean;
  /** Idle timeout of a session in minutes (the console's hourly keep-alive keeps an open tab alive). */
  sessionIdleMinutes: number;
  /** Absolute lifetime of a session in hours; `is_durable` sessions live sessionDurableDays. */
  sessionAbsoluteHours: number;
  sessionDurableDays: number;
  /** Failed logins before an account, or an IP, is held back for `loginLockMinutes`. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginLockMinutes: number;
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): false trusts none and uses the socket address;
   * a list of addresses/CIDRs trusts those hops; a number trusts that many hops from the socket.
   */
  trustProxy: false | string[] | number;
  systemName: string;
  /** Time zone that work periods are read in. */
  timeZone: string;
  /** Load the demo data set when the database has no accounts. */
  seedDemo: boolean;
  /** Run the background jobs (JOBS_ENABLED; off in tests, which run the job they need by hand). */
  jobsEnabled: boolean;
  demoPassword: string;
  logLevel: string;
  distDir: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'off', 'no'].includes(v.toLowerCase());
}

function int(v: string | undefined, dflt: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : dflt;
}

/** TRUST_PROXY: unset or empty trusts nothing; a whole number is a hop count; otherwise a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(v: string | undefined): false | string[] | number {
  const s = (v ?? '').trim();
  if (!s) return false;
  if (/^\d+$/.test(s)) return Number(s) || false;
  const list = s.split(',').map((x) => x.trim()).filter(Boolean);
  return list.length ? list : false;
}

/**
 * Fastify's trustProxy for the setting. A hop count becomes "trust the nearest N hops" (Fastify itself ignores a
 * bare number): only right when the server can be reached through those proxies alone.
 */
export function trustProxyOption(v: Config['trustProxy']): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'number') return (_addr, hop) => hop < v;
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR || path.resolve('data'),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    sessionDurableDays: int(env.SESSION_DURABLE_DAYS, 7),
    loginMaxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 5),
    loginMaxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 30),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    systemName: env.SYSTEM_NAME || 'Lending Console',
    timeZone: env.TZ_BUSINESS || 'Asia/Ho_Chi_Minh',
    seedDemo: bool(env.SEED_DEMO, true),
    jobsEnabled: bool(env.JOBS_ENABLED, true),
    demoPassword: env.DEMO_PASSWORD || 'Demo@2026',
    logLevel: env.LOG_LEVEL || 'info',
    distDir: env.DIST_DIR || path.resolve('dist'),
  };
}

export function testConfig(over: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: 'memory://', captchaEnabled: false, logLevel: 'silent', seedDemo: false, jobsEnabled: false, ...over };
}
