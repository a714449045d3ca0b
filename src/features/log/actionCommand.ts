import { COMMANDS, type CommandDef } from '../../../commands';

/**
 * The registry command an operation-log row records. Rows name their action in one of three ways (writeOpLog callers
 * chose freely): the route, as `POST /loanapi/…` (the audit safety net in app.ts); a command id
 * (`withdrawal.waitFor.dispatch`); or a dotted route (`admin_account.forced_session_out` for
 * /loanapi/admin_account/forced_session_out), sometimes shortened to `<area>.<verb>` (`review.reloanApprove`).
 * Unknown actions answer undefined, and the screen shows them as they are.
 */
type Action = CommandDef & { api: NonNullable<CommandDef['api']> };

const ACTIONS = COMMANDS.filter((c): c is Action => c.kind === 'action' && !!c.api);
const norm = (s: string) => s.replace(/[_-]/g, '').toLowerCase();
/** By id, ignoring case and underscores (`merchant.stage.group_add` is merchant.stage.groupAdd). */
const BY_ID = new Map(ACTIONS.map((c) => [norm(c.id), c]));
const BY_ROUTE = new Map<string, Action[]>();
for (const c of ACTIONS) {
  const key = `${c.api.method} ${c.api.path}`;
  BY_ROUTE.set(key, [...(BY_ROUTE.get(key) ?? []), c]);
}

const verbOf = (id: string) => id.slice(id.lastIndexOf('.') + 1);

/** Several commands may call one route (variants with preset parameters): the one named after the route's verb. */
function byRoute(method: string, path: string): Action | undefined {
  const all = BY_ROUTE.get(`${method} ${path}`);
  if (!all) return undefined;
  const last = norm(path.slice(path.lastIndexOf('/') + 1));
  return all.find((c) => norm(verbOf(c.id)) === last) ?? all[0];
}

/** The actions matching `pick`, when they all carry one title (e.g. the approve of every review stage). */
function oneTitle(pick: (c: Action) => boolean): Action | undefined {
  const found = ACTIONS.filter(pick);
  return found.length > 0 && found.every((c) => c.title === found[0].title) ? found[0] : undefined;
}

/** A command id without its first parts (`autoLoanRule.add`, `review.manualLending.add`), or `<area>.<verb>`. */
function byPartialId(action: string): Action | undefined {
  const parts = action.split('.');
  if (parts.length < 2) return undefined;
  const tail = norm(parts.slice(-2).join('.'));
  const bySuffix = oneTitle((c) => norm(c.id).endsWith(`.${tail}`));
  if (bySuffix) return bySuffix;
  const [area, verb] = [parts[0], norm(parts[parts.length - 1])];
  return oneTitle((c) => (c.area === area || c.id.startsWith(`${area}.`)) && norm(verbOf(c.id)) === verb);
}

const cache = new Map<string, Action | undefined>();

export function commandOfAction(action: string): Action | undefined {
  if (cache.has(action)) return cache.get(action);
  const route = /^(GET|POST) (\/\S+)$/.exec(action);
  const found = route
    ? byRoute(route[1], route[2])
    : BY_ID.get(norm(action)) ?? byRoute('POST', `/loanapi/${action.replace(/\./g, '/')}`) ?? byPartialId(action);
  cache.set(action, found);
  return found;
}
