import { Button, Group, Kbd, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { actionsOf, type CommandDef } from '../../../commands';
import { scopeSatisfied } from '../../../commands/run';
import { commandTitle, runInteractive, type Row } from '../../app/commands';
import { hotkeyCaps } from '../../app/hotkeys/keys';
import { session } from '../../app/state/session';

/**
 * The screen's actions the session may run, as buttons. A button runs the command exactly as the palette and the
 * hotkey do (runInteractive: permission, scope, the screen's own dialog or the generated form, confirmation).
 * Actions that need a selection are disabled until the selection fits their scope.
 */
export function ActionBar({ screen, selection, children }: { screen: string; selection: readonly Row[]; children?: ReactNode }) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const actions = actionsOf(screen, nodes as string[]);
  return (
    <Group gap={6} wrap="wrap" data-testid="action-bar">
      {actions.map((c) => (
        <ActionButton key={c.id} command={c} enabled={scopeSatisfied(c, selection)} onRun={() => void runInteractive(c.id, { intl })} />
      ))}
      {children}
    </Group>
  );
}

function ActionButton({ command: c, enabled, onRun }: { command: CommandDef; enabled: boolean; onRun: () => void }) {
  const intl = useIntl();
  const title = commandTitle(c, intl);
  const button = (
    <Button
      size="compact-xs"
      variant={c.scope === 'screen' ? 'filled' : c.danger ? 'light' : 'default'}
      color={c.danger ? 'red' : undefined}
      disabled={!enabled}
      onClick={onRun}
      data-command={c.id}
      rightSection={c.hotkey ? <HotkeyCaps hotkey={c.hotkey} /> : undefined}
    >
      {title}
    </Button>
  );
  if (enabled || c.scope === 'screen') return button;
  const hint = intl.formatMessage({ id: c.scope === 'single' ? 'command.needOne' : 'command.needRows' });
  return (
    <Tooltip label={hint} withArrow openDelay={300}>
      <span>{button}</span>
    </Tooltip>
  );
}

function HotkeyCaps({ hotkey }: { hotkey: string }) {
  return (
    <Group gap={2} wrap="nowrap" dir="ltr">
      {hotkeyCaps(hotkey).map((k, i) => (
        <Kbd key={i} size="xs" fz={9} px={3} py={0} style={{ lineHeight: '12px' }}>
          {k}
        </Kbd>
      ))}
    </Group>
  );
}
