import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { byId, type ApiCall, type CommandContext, type CommandDef } from '../../../commands';
import { can } from '../../../commands/permissions';
import { CommandError, runCommand, scopeSatisfied, selectionIds } from '../../../commands/run';
import { issueMessage } from '../../schemas/validation';
import { ParamForm, type Choice, type ParamFormProps } from '../../ui/ParamForm';
import { ApiError, api, type RequestOptions } from '../api/request';
import { getIntl } from '../intl/intl';
import { expectDialog } from '../hotkeys/keyGate';
import { notify, notifyDone, notifyText, t } from '../lib/notify';
import { session } from '../state/session';
import { clientHandler } from './clientHandlers';
import { useRegisteredChoices } from './paramChoices';
import { selectionFor, type Row } from './selection';
import { commandUi } from './uiOverrides';
import { invocationKeys, type InvocationKeys } from './idempotency';
import { openPath } from '../router/openPath';

/** The params form with the choices the caller gave, else those the mounted screens register, kept live. */
function LiveChoicesForm({ fixed, ...props }: Omit<ParamFormProps, 'choices'> & { fixed?: Record<string, Choice[]> }) {
  const live = useRegisteredChoices();
  return <ParamForm {...props} choices={fixed ?? live} />;
}

/** Window event after a command succeeded, so that screens refresh: `detail: {id, result, selection}`. */
export const COMMAND_DONE_EVENT = 'command:done';

export interface CommandDoneDetail {
  id: string;
  result: unknown;
  selection: Row[];
}

export interface InteractiveOptions {
  /** The caller's intl (palette, hotkeys pass `useIntl()`); default the page's intl. */
  intl?: IntlShape | null;
  /** Rows to act on; default the published selection of the command's screen. */
  selection?: readonly Row[];
  /** Ready parameters: skip the form. */
  params?: Record<string, unknown>;
  /** How to open a screen's route (default the browser location). */
  navigate?: (to: string) => void;
}

function pageIntl(): IntlShape | null {
  try {
    return getIntl();
  } catch {
    return null;
  }
}

const intlOf = (opts: { intl?: IntlShape | null }) => opts.intl ?? pageIntl();

function withIntl(intl: IntlShape | null, node: ReactNode): ReactNode {
  return intl ? <RawIntlProvider value={intl}>{node}</RawIntlProvider> : node;
}

/** A command's title in the user's language. */
export function commandTitle(cmd: CommandDef, intl?: IntlShape | null): string {
  return t(cmd.title, undefined, intl ?? pageIntl());
}

/**
 * Calls a registry route and returns the data with the server's msg. The request layer shows errors (spec §8).
 * `onMessage` is passed for a request layer that reports the envelope's msg; until it does, success shows the
 * catalogue's "Done".
 */
export async function callApi<T>(call: ApiCall, payload: Record<string, unknown> = {}, extra: RequestOptions = {}): Promise<{ data: T; msg: string }> {
  let msg = '';
  const opts = { ...extra, onMessage: (m: string) => (msg = m) } as RequestOptions;
  const data = await api.call<T>(call, payload, opts);
  return { data, msg };
}

function emitDone(detail: CommandDoneDetail): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<CommandDoneDetail>(COMMAND_DONE_EVENT, { detail }));
}

/** Shows why a command could not run; ApiErrors were already shown by the request layer. */
export function reportCommandError(e: unknown, intl?: IntlShape | null): void {
  if (e instanceof ApiError) return;
  if (e instanceof CommandError) {
    if (e.code === 'invalid' && e.issues[0]) {
      const m = issueMessage(e.issues[0]);
      const field = m.path ? `${t(`field.${m.path.split('.')[0]}`, undefined, intl)}: ` : '';
      notifyText('error', field + t(m.id, m.values, intl));
      return;
    }
    const needOne = byId.get(e.commandId)?.scope === 'single';
    const id = {
      forbidden: 'command.forbidden', unknown: 'command.unknown', 'no handler': 'command.unavailable',
      selection: needOne ? 'command.needOne' : 'command.needRows', invalid: 'command.unavailable',
    }[e.code];
    notify('error', id, undefined, intl);
    return;
  }
  console.error(e);
}

export interface ExecuteOptions {
  intl?: IntlShape | null;
  selection?: readonly Row[];
  /** Don't notify validation issues (a form shows them on its fields). */
  quietInvalid?: boolean;
  /**
   * The Idempotency-Key source of this user invocation, for commands flagged `idempotent` (a form passes one for all
   * its submits, so that a retry reuses the key); default a new invocation.
   */
  invocation?: InvocationKeys;
}

/**
 * Runs a command now, with no form and no confirmation (a screen's own dialog calls this on submit):
 * permission, validation, the call, the server's success message, and the `command:done` event.
 * Rejects with the CommandError / ApiError after showing it.
 */
export async function executeCommand<T = unknown>(id: string, params: Record<string, unknown> = {}, opts: ExecuteOptions = {}): Promise<T> {
  const intl = intlOf(opts);
  const cmd = byId.get(id);
  const rows = [...(opts.selection ?? selectionFor(cmd?.screen))];
  let msg = '';
  const keys = cmd?.idempotent ? opts.invocation ?? invocationKeys() : null;
  const ctx: CommandContext = {
    nodes: session.nodes,
    selection: rows,
    call: async <R,>(call: ApiCall, payload?: Record<string, unknown>) => {
      const res = await callApi<R>(call, payload, keys ? { idempotencyKey: keys(payload ?? {}) } : {});
      msg = res.msg;
      return res.data;
    },
  };
  try {
    const handled = !!clientHandler(id);
    const result = await runCommand<T>(id, params, ctx, { handler: clientHandler });
    // Confirmed in place (the status line): toasts are for errors, a run of writes must not cover the work area.
    if (cmd?.api && !handled) notifyDone(msg || t('command.done', undefined, intl));
    emitDone({ id, result, selection: rows });
    return result;
  } catch (e) {
    if (!(opts.quietInvalid && e instanceof CommandError && e.code === 'invalid')) reportCommandError(e, intl);
    throw e;
  }
}

/** Asks "are you sure?" for a danger command; resolves true on confirm. */
export function confirmCommand(cmd: CommandDef, rows: readonly Row[], intl?: IntlShape | null): Promise<boolean> {
  const i = intl ?? pageIntl();
  const title = commandTitle(cmd, i);
  const count = selectionIds(rows).length;
  const body = cmd.scope === 'bulk' ? t('command.confirm.bodyRows', { title, count }, i) : t('command.confirm.body', { title }, i);
  expectDialog();
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: boolean) => {
      if (done) return;
      done = true;
      resolve(v);
    };
    modals.openConfirmModal({
      title: t('command.confirm.title', undefined, i),
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('command.confirm.ok', undefined, i), cancel: t('command.cancel', undefined, i) },
      confirmProps: { color: 'red', 'data-autofocus': true } as Record<string, unknown>,
      onConfirm: () => finish(true),
      onCancel: () => finish(false),
      onClose: () => finish(false),
    });
  });
}

/**
 * Opens the generated form for a command's params and runs it on submit. A danger command's form says so and
 * its submit button is the confirmation (a second modal would replace the form). Resolves with the result, or
 * undefined when closed.
 */
export function openCommandForm(
  cmd: CommandDef,
  rows: readonly Row[],
  opts: ExecuteOptions & { initial?: Record<string, unknown>; choices?: Record<string, Choice[]> } = {},
): Promise<unknown> {
  const intl = intlOf(opts);
  const omit = cmd.scope === 'single' ? ['id'] : cmd.scope === 'bulk' ? ['ids'] : [];
  const initial = opts.initial ?? (cmd.scope === 'single' ? rows[0] : undefined);
  // One invocation for the life of the form: submitting again after a failure retries it under the same key.
  const invocation = invocationKeys();
  expectDialog();
  return new Promise((resolve) => {
    let settled = false;
    const id = modals.open({
      title: commandTitle(cmd, intl),
      size: 'lg',
      onClose: () => {
        if (!settled) resolve(undefined);
        settled = true;
      },
      children: withIntl(
        intl,
        <>
          {cmd.danger && (
            <Text size="sm" c="red" mb="sm">
              {cmd.scope === 'bulk'
                ? t('command.confirm.bodyRows', { title: commandTitle(cmd, intl), count: selectionIds(rows).length }, intl)
                : t('command.confirm.body', { title: commandTitle(cmd, intl) }, intl)}
            </Text>
          )}
          <LiveChoicesForm
            fixed={opts.choices}
            schema={cmd.params!}
            titles={cmd.paramTitles}
            omit={omit}
            initial={initial}
            submitLabel={cmd.danger ? 'command.confirm.ok' : 'command.submit'}
            onCancel={() => modals.close(id)}
            onSubmit={async (values) => {
              const result = await executeCommand(cmd.id, values, { intl, selection: rows, quietInvalid: true, invocation });
              settled = true;
              resolve(result);
              modals.close(id);
            }}
          />
        </>,
      ),
    });
  });
}

/**
 * Runs a command the way a person does (palette, hotkey, button, grid action):
 * screen → navigate; then permission and scope (single: exactly one row, bulk: one or more); then a mounted
 * screen's UI override, else a client handler, else the generated params form, else a confirmation for a danger
 * command, else straight away. Resolves with the result, or undefined when it did not run.
 */
export async function runInteractive(id: string, opts: InteractiveOptions = {}): Promise<unknown> {
  const intl = intlOf(opts);
  const cmd = byId.get(id);
  if (!cmd) {
    notify('error', 'command.unknown', undefined, intl);
    return undefined;
  }
  if (!can(session.nodes, cmd.permission)) {
    notify('error', 'command.forbidden', undefined, intl);
    return undefined;
  }
  if (cmd.kind === 'screen') {
    if (cmd.route) (opts.navigate ?? openPath)(cmd.route);
    return undefined;
  }
  const rows = [...(opts.selection ?? selectionFor(cmd.screen))];
  if (!scopeSatisfied(cmd, rows)) {
    notify('warning', cmd.scope === 'single' ? 'command.needOne' : 'command.needRows', undefined, intl);
    return undefined;
  }
  const override = commandUi(id);
  if (override) return override({ command: cmd, selection: rows });
  try {
    const handler = clientHandler(id);
    if (handler && cmd.params && !opts.params) {
      // A client handler of a command with params asks for them itself (like a UI override).
      return await handler({ call: async (c, p) => (await callApi(c, p)).data as never, nodes: session.nodes, selection: rows }, {});
    }
    if (handler) return await executeCommand(id, opts.params ?? {}, { intl, selection: rows });
    if (cmd.params && !opts.params) return await openCommandForm(cmd, rows, { intl });
    if (cmd.danger && !(await confirmCommand(cmd, rows, intl))) return undefined;
    return await executeCommand(id, opts.params ?? {}, { intl, selection: rows });
  } catch {
    return undefined; // already shown
  }
}
