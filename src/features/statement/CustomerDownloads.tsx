import { Button, Group, Kbd } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { runInteractive } from '../../app/commands/runInteractive';
import { useCustomerDownloads } from './useCustomerDownloads';

/**
 * The two downloads of the customer detail as buttons (the commands also run from the palette and by Shift+P /
 * Shift+Z). `orderId`: the order the detail was opened for, else the customer's latest.
 */
export function CustomerDownloads({ customerId, orderId }: { customerId: number; orderId: number | null }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<string | null>(null);
  useCustomerDownloads(customerId, orderId);
  const run = (id: string) => {
    setBusy(id);
    void runInteractive(id).finally(() => setBusy(null));
  };
  return (
    <Group gap="xs" justify="flex-end" data-testid="customer-downloads">
      <Button size="compact-sm" variant="default" disabled={!orderId} loading={busy === 'customer.statement'} onClick={() => run('customer.statement')} data-testid="download-statement">
        {intl.formatMessage({ id: 'action.customer.statement' })}&nbsp;<Kbd size="xs">⇧P</Kbd>
      </Button>
      <Button size="compact-sm" variant="default" loading={busy === 'customer.documents'} onClick={() => run('customer.documents')} data-testid="download-documents">
        {intl.formatMessage({ id: 'action.customer.documents' })}&nbsp;<Kbd size="xs">⇧Z</Kbd>
      </Button>
    </Group>
  );
}
