import { byId, type CommandContext } from '../../commands';
import { can } from '../../commands/permissions';
import { CommandApiError, createNodeCaller, runCommand } from '../../commands/run';
import { demoApp } from '../server/modules/intake/seedApps';
import { signedHeaders } from '../server/modules/intake/signature';
import { listCommands, type CommandInfo } from './describe';
import { closestIds } from './suggest';
import { explain, langOf, ScriptError } from './words';

export const DEFAULT_URL = 'http://localhost:8080';
export const DEFAULT_PASSWORD = 'Demo@2026';

type Row = Record<string, unknown>;

export interface ConnectOptions {
  /** Server address; default http://localhost:8080. */
  url?: string;
  /** Account to sign in as; without one, `list()` shows every command and `run()` is refused. */
  account?: string | null;
  /** Default: $CMD_PASSWORD, then $DEMO_PASSWORD, then Demo@2026. */
  password?: string;
  /** Language code of messages and titles (zh zhTW vi en ArEg ThA India); default en. */
  lang?: string;
  /** Borrower-app credentials for `intake()`; default the demo app key of merchant M001 (docs/intake.md). */
  app?: { appKey: string; secret: string };
}

export interface Session {
  readonly account: string | null;
  readonly url: string;
  /** Permission nodes of the account (empty when nobody is signed in). */
  readonly nodes: readonly string[];
  /** Runs a command by id: permission and parameters checked here, then its server route. Answers the envelope's data. */
  run<T = unknown>(id: string, params?: Row, selection?: ReadonlyArray<Row>): Promise<T>;
  /** The commands this account may run (every command when nobody is signed in), of an area or id prefix. */
  list(area?: string): CommandInfo[];
  /** Reads a screen's list (by screen id, e.g. `review.trial`) or any GET route (a path starting with /). */
  read<T = unknown>(target: string, filters?: Row): Promise<T>;
  /** A borrower-app request to the signed intake API (/loanapi/app/*). */
  intake<T = unknown>(method: 'GET' | 'POST', path: string, body?: Row, headers?: Record<string, string>): Promise<T>;
  signOut(): Promise<void>;
}

export function defaultPassword(): string {
  return process.env.CMD_PASSWORD ?? process.env.DEMO_PASSWORD ?? DEFAULT_PASSWORD;
}

/** Signs in (when an account is given) and answers a session. Failures are ScriptErrors in words. */
export async function connect(opts: ConnectOptions = {}): Promise<Session> {
  const url = (opts.url ?? DEFAULT_URL).replace(/\/+$/, '');
  const lang = langOf(opts.lang);
  const account = opts.account ?? null;
  const anonymous = createNodeCaller(url, null, lang.id);
  let token: string | null = null;
  let nodes: string[] = [];

  if (account) {
    try {
      ({ token } = await anonymous<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd: opts.password ?? defaultPassword() }));
    } catch (e) {
      if (e instanceof CommandApiError && e.code === 40000 && (await captchaEnabled(anonymous))) {
        throw new ScriptError(`cannot sign in as "${account}": the server at ${url} asks for a captcha, which a script cannot type. `
          + 'Start the server with CAPTCHA_ENABLED=false (e.g. `CAPTCHA_ENABLED=false npm start`).', e);
      }
      const why = explain(e, lang, { url });
      throw new ScriptError(why.startsWith('cannot reach') ? why : `cannot sign in as "${account}" at ${url}: ${why}`, e);
    }
    const me = await createNodeCaller(url, token, lang.id)<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    nodes = me.node_list;
  }
  const call = createNodeCaller(url, token, lang.id);
  const ctx: CommandContext = { call, nodes };
  const app = opts.app ?? demoApp('M001');

  return {
    account, url, nodes,
    async run<T>(id: string, params: Row = {}, selection?: ReadonlyArray<Row>) {
      if (!account && byId.has(id)) throw new ScriptError(`${id}: nobody is signed in (give an account: --as NAME, or an \`as NAME\` line)`);
      return runCommand<T>(id, params, selection ? { ...ctx, selection } : ctx);
    },
    list(area?: string) {
      return listCommands(lang, account ? nodes : null, area);
    },
    async read<T>(target: string, filters: Row = {}) {
      if (target.startsWith('/')) return call<T>({ method: 'GET', path: target }, filters);
      const cmd = byId.get(target);
      if (!cmd) {
        const near = closestIds(target);
        throw new ScriptError(`unknown screen "${target}"${near.length ? `. Did you mean: ${near.join(', ')}?` : ''}`);
      }
      if (cmd.kind !== 'screen' || cmd.api?.method !== 'GET') throw new ScriptError(`${target} is not a screen with a list to read (run it instead)`);
      if (!account) throw new ScriptError(`${target}: nobody is signed in`);
      if (!can(nodes, cmd.permission)) throw new ScriptError(`account "${account}" may not read ${target} (permission ${cmd.permission})`);
      return call<T>(cmd.api, filters);
    },
    intake<T>(method: 'GET' | 'POST', path: string, body: Row = {}, headers: Record<string, string> = {}) {
      return intakeRequest<T>({ url, app, langId: lang.id }, method, path, body, headers);
    },
    async signOut() {
      if (!token) return;
      await call({ method: 'POST', path: '/loanapi/account/logout' }, {});
      token = null;
    },
  };
}

async function captchaEnabled(call: CommandContext['call']): Promise<boolean> {
  try {
    return (await call<{ enabled: boolean }>({ method: 'GET', path: '/loanapi/comon/get_captcha' })).enabled === true;
  } catch {
    return false;
  }
}

export interface IntakeTarget {
  url: string;
  app: { appKey: string; secret: string };
  langId: number;
}

/** A signed request as the borrower's app sends it: GET parameters go in the (signed) query string. */
export async function intakeRequest<T>({ url, app, langId }: IntakeTarget, method: 'GET' | 'POST', path: string, body: Row = {}, extra: Record<string, string> = {}): Promise<T> {
  let target = path;
  let payload = '';
  if (method === 'GET') {
    const q = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
    if (q) target += (target.includes('?') ? '&' : '?') + q;
  } else {
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${url}${target}`, {
    method, body: payload || undefined,
    headers: {
      ...(payload ? { 'content-type': 'application/json' } : {}), 'lang-code': String(langId),
      ...signedHeaders({ appKey: app.appKey, secret: app.secret, method, path: target, body: payload }), ...extra,
    },
  });
  const env = await res.json().catch(() => null) as { code: number; msg: string; data: T } | null;
  if (!env || typeof env.code !== 'number') throw new CommandApiError(res.status, `${method} ${path}: not an envelope (HTTP ${res.status})`, null, res.status);
  if (env.code !== 20000) throw new CommandApiError(env.code, env.msg, env.data, res.status);
  return env.data;
}
