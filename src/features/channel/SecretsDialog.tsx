import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { CopyText } from '../../ui/CopyText';

export interface ShownSecrets {
  /** What the secrets belong to (channel code, provider name). */
  title: string;
  /** Message id of each secret's label → the secret. */
  secrets: Array<{ label: string; value: string }>;
}

/**
 * Secrets just created or rotated, shown this once: the server keeps them sealed and lists only their last 4
 * characters afterwards. Each has a copy button; the dialog closes only by its button or Escape.
 */
export function SecretsDialog({ value, onClose }: { value: ShownSecrets | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Modal opened={value !== null} onClose={onClose} title={value ? w('channel.secret.title', { name: value.title }) : ''} size="lg"
      closeOnClickOutside={false} data-testid="channel-secret-dialog">
      {value && (
        <Stack gap="sm">
          <Alert color="yellow" p="xs">{w('channel.secret.once')}</Alert>
          {value.secrets.map((s) => (
            <Stack key={s.label} gap={2}>
              <Text size="sm" c="dimmed">{w(s.label)}</Text>
              <CopyText text={s.value}>
                <Code dir="ltr" data-testid="channel-secret-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{s.value}</Code>
              </CopyText>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>{w('channel.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
