import { Button, Group, Kbd, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { actionsOf, type CommandDef } from '../../commands';
import { scopeSatisfied, selectionIds, selectionKeys } from '../../commands/run';
import { commandTitle, runInteractive, useSelection, type Row } from '../app/commands';
import { hotkeyCaps } from '../app/hotkeys/keys';
import { session } from '../app/state/session';

/**
 * The actions of a screen the session may run, as buttons: the one toolbar of every screen. Each runs through
 * `runInteractive`, the same path as the palette and the hotkeys (so a screen's dialog override, the confirmation of
 * a danger action and the scope check apply alike), on the selection the screen published (useRowSelection /
 * useScreenSelection). Single and bulk actions are enabled when `scopeSatisfied` says the selection fits (rows named
 * by the command's `rowKey`, such as permission nodes, count as well as numeric ids) and otherwise say what to
 * select; bulk actions show how many rows they will act on; a hotkey shows as key caps on its button.
 */
export interface CommandToolbarProps {
  screen: string;
  /** Extra controls after the actions (refresh, export). */
  children?: ReactNode;
  /** Actions not to show as buttons (the screen offers them elsewhere). */
  exclude?: readonly string[];
}

const NONE: readonly Row[] = [];

/** How many of the selected rows a single or bulk command acts on (by its `rowKey`, else by numeric `id`). */
export function selectedFor(cmd: CommandDef, rows: readonly Row[]): number {
  return cmd.rowKey ? selectionKeys(cmd.rowKey, rows).length : selectionIds(rows).length;
}

/** A hotkey-js string ('shift+l', 'ctrl+k, command+k') as the value of aria-keyshortcuts ('Shift+L Control+K Meta+K'). */
export function ariaKeyShortcuts(hotkey: string): string {
  const names: Record<string, string> = { ctrl: 'Control', control: 'Control', command: 'Meta', cmd: 'Meta', meta: 'Meta', option: 'Alt', alt: 'Alt', shift: 'Shift', esc: 'Escape', space: 'Space' };
  return hotkey
    .split(',')
    .map((alt) => alt.trim().split('+').filter(Boolean).map((k) => names[k] ?? (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1))).join('+'))
    .filter(Boolean)
    .join(' ');
}

export function CommandToolbar({ screen, children, exclude = [] }: CommandToolbarProps) {
  const { nodes } = useSnapshot(session);
  const sel = useSelection();
  const rows = sel.screen === screen ? sel.rows : NONE;
  const actions = actionsOf(screen, nodes as string[]).filter((a) => !exclude.includes(a.id));
  return (
    <Group gap="xs" wrap="wrap" data-testid="command-toolbar">
      {actions.map((a) => (
        <CommandButton key={a.id} command={a} rows={rows} />
      ))}
      {children}
    </Group>
  );
}

function CommandButton({ command: c, rows }: { command: CommandDef; rows: readonly Row[] }) {
  const intl = useIntl();
  const title = commandTitle(c, intl);
  const enabled = scopeSatisfied(c, rows);
  const count = c.scope === 'bulk' ? selectedFor(c, rows) : 0;
  const button = (
    <Button
      size="xs"
      variant={c.danger ? 'light' : c.scope === 'screen' ? 'filled' : 'default'}
      color={c.danger ? 'red' : undefined}
      disabled={!enabled}
      data-command={c.id}
      aria-keyshortcuts={c.hotkey ? ariaKeyShortcuts(c.hotkey) : undefined}
      rightSection={c.hotkey ? <KeyCaps hotkey={c.hotkey} /> : undefined}
      onClick={() => void runInteractive(c.id, { intl })}
    >
      {count > 0 ? `${title} (${intl.formatNumber(count)})` : title}
    </Button>
  );
  if (c.scope !== 'single' && c.scope !== 'bulk') return button;
  // Always the same wrapper (the hint is only switched off), so that selecting rows does not re-mount the button.
  return (
    <Tooltip label={intl.formatMessage({ id: c.scope === 'single' ? 'command.needOne' : 'command.needRows' })} disabled={enabled} withArrow openDelay={300}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** The hotkey as key caps; hidden from the accessible name (aria-keyshortcuts carries it). */
function KeyCaps({ hotkey }: { hotkey: string }) {
  return (
    <span aria-hidden dir="ltr" data-testid="hotkey-caps" style={{ display: 'inline-flex', gap: 2 }}>
      {hotkeyCaps(hotkey).map((k, i) => (
        <Kbd key={i} size="xs" fz={9} px={3} py={0} style={{ lineHeight: '12px' }}>
          {k}
        </Kbd>
      ))}
    </span>
  );
}
