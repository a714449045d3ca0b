import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { CommandDef } from '../../../commands';
import { t } from '../intl/intl';
import { useT } from '../intl/useT';
import { Icon } from '../layout/icons';

/** Full-page loader while the profile loads (spec §4 status 'loading'). */
export function FullPageLoader() {
  return (
    <Center mih="100vh" data-testid="app-loading">
      <Loader size="md" />
    </Center>
  );
}

/** Inside the layout while a screen's chunk loads. */
export function ScreenLoader() {
  return (
    <Center mih={240}>
      <Loader size="sm" />
    </Center>
  );
}

/** A registered screen command without a component yet. */
export function ScreenUnavailable({ command }: { command: CommandDef }) {
  const tr = useT();
  return (
    <Center mih={320} data-testid="screen-unavailable">
      <Stack align="center" gap={6} maw={420} ta="center">
        <Text c="dimmed"><Icon name="folder" size={36} stroke={1.25} /></Text>
        <Title order={2} size="h4">{tr(command.title)}</Title>
        <Text size="sm" c="dimmed">{tr('shell.screen.unavailable')}</Text>
      </Stack>
    </Center>
  );
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Catches a screen's render error or a failed chunk load (after a deploy): "loading failed" with
 * "please refresh the page and retry" (spec §8) and a reload button. Keyed by the screen so a new route resets it.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih={320} data-testid="screen-error">
        <Stack align="center" gap={6} maw={420} ta="center">
          <Title order={2} size="h4">{t('shell.screen.loadFailed')}</Title>
          <Text size="sm" c="dimmed">{t('shell.screen.refreshRetry')}</Text>
          <Button mt="sm" size="xs" variant="default" onClick={() => window.location.reload()}>{t('shell.screen.reload')}</Button>
        </Stack>
      </Center>
    );
  }
}
