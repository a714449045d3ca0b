import { Button, Group, Kbd, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { actionsOf, type CommandDef } from '../../commands';
import { selectionIds } from '../../commands/run';
import { commandTitle, runInteractive, useSelection } from '../app/commands';
import { hotkeyCaps } from '../app/hotkeys/keys';
import { session } from '../app/state/session';

/**
 * The actions of a screen the session may run, as buttons. Each runs through `runInteractive`, the same path as
 * the palette and the hotkeys (so a screen's dialog override, the confirmation of a danger action and the scope
 * check apply alike). Single and bulk actions are disabled until the selection fits; bulk ones show the count.
 */
export interface CommandToolbarProps {
  screen: string;
  /** Extra controls after the actions (refresh, export). */
  children?: ReactNode;
  /** Actions not to show as buttons (the screen offers them elsewhere). */
  exclude?: readonly string[];
}

export function enabledFor(cmd: CommandDef, selected: number): boolean {
  if (cmd.scope === 'single') return selected === 1;
  if (cmd.scope === 'bulk') return selected >= 1;
  return true;
}

export function CommandToolbar({ screen, children, exclude = [] }: CommandToolbarProps) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const sel = useSelection();
  const count = sel.screen === screen ? selectionIds(sel.rows).length : 0;
  const actions = actionsOf(screen, nodes as string[]).filter((a) => !exclude.includes(a.id));
  return (
    <Group gap="xs" wrap="wrap" data-testid="command-toolbar">
      {actions.map((a) => {
        const title = commandTitle(a, intl);
        const caps = a.hotkey ? hotkeyCaps(a.hotkey) : [];
        const button = (
          <Button
            key={a.id}
            size="xs"
            variant={a.danger ? 'light' : a.scope === 'screen' ? 'filled' : 'default'}
            color={a.danger ? 'red' : undefined}
            disabled={!enabledFor(a, count)}
            data-command={a.id}
            onClick={() => void runInteractive(a.id, { intl })}
          >
            {a.scope === 'bulk' && count > 0 ? `${title} (${intl.formatNumber(count)})` : title}
          </Button>
        );
        if (!caps.length) return button;
        return (
          <Tooltip key={a.id} label={<Group gap={2} wrap="nowrap">{caps.map((c) => <Kbd key={c} size="xs">{c}</Kbd>)}</Group>} withArrow>
            <span>{button}</span>
          </Tooltip>
        );
      })}
      {children}
    </Group>
  );
}
