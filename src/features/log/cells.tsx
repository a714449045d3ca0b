import { Code, Stack, Text, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatRelative, formatTime } from '../../app/lib/time';
import { CopyText } from '../../ui/CopyText';
import { commandOfAction } from './actionCommand';

/** A time in the default format; `relative` shows "5 minutes ago" with the exact time on hover. */
export function TimeCell({ at, relative }: { at: string | null | undefined; relative?: boolean }) {
  const intl = useIntl();
  if (!at) return <Text span c="dimmed" size="sm">—</Text>;
  if (!relative) return <Text span size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatTime(at)}</Text>;
  return (
    <Tooltip label={formatTime(at)} withArrow>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRelative(at, (id, values) => intl.formatMessage({ id }, values))}</Text>
    </Tooltip>
  );
}

/** An IP address (or id) with a copy button; monospace, kept left to right in Arabic. */
export function CopyCell({ text }: { text: string | number | null | undefined }) {
  if (text === null || text === undefined || text === '') return <Text span c="dimmed" size="sm">—</Text>;
  return (
    <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      <CopyText text={text} ff="monospace" size="xs" />
    </span>
  );
}

/** Long text (a browser's user agent) cut to one line; the whole of it on hover. */
export function LongText({ text, w = 220 }: { text: string; w?: number }) {
  if (!text) return <Text span c="dimmed" size="sm">—</Text>;
  return (
    <Tooltip label={text} multiline w={360} withArrow openDelay={300}>
      <Text size="xs" c="dimmed" truncate="end" maw={w} dir="ltr">{text}</Text>
    </Tooltip>
  );
}

/** An account's sign-in name, with its display name under it. */
export function AccountCell({ account, name }: { account: string; name?: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>{account}</Text>
      {name && <Text size="xs" c="dimmed">{name}</Text>}
    </Stack>
  );
}

/**
 * What an operation-log row did: the title of the registry command it records, in the user's language, with the
 * logged action under it for filtering; the logged action alone when no command matches.
 */
export function ActionCell({ action }: { action: string }) {
  const intl = useIntl();
  const command = commandOfAction(action);
  if (!command) return <Code dir="ltr" fz="xs">{action}</Code>;
  return (
    <Stack gap={0} data-testid="operation-action">
      <Text size="sm">{intl.formatMessage({ id: command.title })}</Text>
      <Text size="xs" c="dimmed" ff="monospace" dir="ltr" ta="start">{action}</Text>
    </Stack>
  );
}
