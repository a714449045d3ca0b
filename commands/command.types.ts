import type { ZodType } from 'zod';

/**
 * A command is one thing a staff member can do: open a screen or run an action.
 * It is pure data so that the client (router, sidebar, palette, hotkeys, grids), the server
 * (route permission checks) and the tests all read the same list.
 */
export type CommandKind = 'screen' | 'action';

/**
 * Where an action applies:
 * - global: anywhere (switch language, sign out)
 * - screen: on its screen, with no selection needed (add an account)
 * - single: on exactly one selected row of its screen (reset this account's password)
 * - bulk: on one or more selected rows (force logout of the selected accounts)
 */
export type CommandScope = 'global' | 'screen' | 'single' | 'bulk';

export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
}

export interface CommandDef {
  /** `<area>.<thing>` for screens, `<area>.<screen>.<verb>` for actions. */
  id: string;
  kind: CommandKind;
  /** Business area; the same name as in src/features, src/schemas, src/server/modules and locale keys. */
  area: string;
  /** Message id of the title in locales/*.json. */
  title: string;
  keywords?: string[];
  /** Permission node key the session must hold (see permissions.ts); null: any signed-in account. */
  permission: string | null;

  // ---- screens
  route?: string;
  /** Sidebar group (a permission group key) and order inside it; absent: not in the sidebar. */
  sidebar?: { group: string; order: number };
  /** Offered by the top-bar function search (spec §2: routes flagged searchable). */
  searchable?: boolean;
  /** Tab that cannot be closed. */
  affix?: boolean;
  /** Reachable by URL and palette but never in the sidebar (user settings pages, detail pages). */
  hidden?: boolean;

  // ---- actions
  scope?: CommandScope;
  /** The screen command id an action belongs to (scope screen, single, bulk). */
  screen?: string;
  /** hotkeys-js key string, active on the action's screen (or everywhere when global). */
  hotkey?: string;
  /**
   * Single-scope actions on rows named by a string key instead of a numeric `id` (permission nodes): the field
   * of the selected row that names it, sent under the same name in the body (`{key, ...params}`).
   */
  rowKey?: string;
  /** Ask for confirmation before running. */
  danger?: boolean;
  /**
   * A money write (disburse, re-transfer, manual transfer, reverse, transfer audit): the console sends an
   * Idempotency-Key header, one key per user invocation (a retry of the same invocation reuses it), so that a
   * repeated click or a retried request never pays twice.
   */
  idempotent?: true;
  /** Parameters asked for in a form before running (zod schema; field titles come from `paramTitles`). */
  params?: ZodType<Record<string, unknown>>;
  paramTitles?: Record<string, string>;
  /**
   * The server route the action calls, or the list a screen reads. The registry test checks that the route
   * enforces exactly `permission`, and the RBAC matrix calls it as every role.
   */
  api?: ApiCall;
  /** Run by the console itself (language, theme, panels): the shell registers its handler. */
  client?: true;
}

/** What a handler receives: a typed API caller and the rows the action applies to. */
export interface CommandContext {
  call: <T = unknown>(api: ApiCall, payload?: Record<string, unknown>) => Promise<T>;
  /** Permission nodes of the signed-in account. */
  nodes: readonly string[];
  /** Selected rows (ids) for single and bulk actions. */
  selection?: ReadonlyArray<Record<string, unknown>>;
}

export type CommandHandler = (ctx: CommandContext, params: Record<string, unknown>) => Promise<unknown>;
