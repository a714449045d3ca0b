import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatTime } from '../../app/lib/time';
import type { AppKeySecret } from '../../schemas/intake';
import { CopyText } from '../../ui/CopyText';

/**
 * The secret of a new or rotated app key, shown this once (the server keeps it sealed and never sends it again):
 * the key, the secret with a copy button, and after a rotation how long the old secret keeps working.
 */
export function SecretDialog({ value, onClose }: { value: AppKeySecret | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Modal opened={value !== null} onClose={onClose} title={value ? w('intake.secret.title', { key: value.row.app_key }) : ''} size="lg"
      closeOnClickOutside={false} data-testid="secret-dialog">
      {value && (
        <Stack gap="sm">
          <Alert color="yellow" p="xs">{w('intake.secret.once')}</Alert>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" w={120} c="dimmed">{w('intake.field.app_key')}</Text>
            <CopyText text={value.row.app_key} ff="monospace"><span dir="ltr">{value.row.app_key}</span></CopyText>
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" w={120} c="dimmed">{w('intake.field.secret')}</Text>
            <CopyText text={value.secret}><Code dir="ltr" data-testid="secret-value" style={{ wordBreak: 'break-all' }}>{value.secret}</Code></CopyText>
          </Group>
          {value.row.prev_valid_until && (
            <Text size="sm">{w('intake.secret.graceNote', { until: formatTime(value.row.prev_valid_until) })}</Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>{w('intake.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
