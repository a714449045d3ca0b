import { Badge, Code, Drawer, Group, SimpleGrid, Stack, Table, Text, useDirection } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { OperationLogRow } from '../../schemas/log';
import { CopyText } from '../../ui/CopyText';
import { ActionCell, TimeCell } from './cells';
import { fieldChanges, shortJson, type FieldChange } from './jsonDiff';

const KIND_COLOR: Record<FieldChange['kind'], string> = { added: 'teal', removed: 'red', changed: 'yellow', same: 'gray' };

function Json({ value }: { value: unknown }) {
  const intl = useIntl();
  if (value === null || value === undefined) return <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'common.noData' })}</Text>;
  return (
    <Code block dir="ltr" style={{ maxHeight: 320, overflow: 'auto', fontSize: 11 }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <div>{children}</div>
    </Stack>
  );
}

/** One operation-log record: who, what, on what, from where, and its before and after, field by field. */
export function OperationDetail({ row, onClose }: { row: OperationLogRow | null; onClose: () => void }) {
  const intl = useIntl();
  const { dir } = useDirection();
  const changes = row ? fieldChanges(row.before, row.after) : null;
  const w = (id: string) => intl.formatMessage({ id });

  return (
    <Drawer
      opened={!!row}
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="xl"
      title={row ? intl.formatMessage({ id: 'log.operate.detailTitle' }, { id: String(row.id) }) : ''}
      data-testid="operation-detail"
    >
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Meta label={w('field.time')}><TimeCell at={row.created_at} /></Meta>
            <Meta label={w('field.account')}><Text size="sm">{row.account || '—'}</Text></Meta>
            <Meta label={w('log.operate.action')}><ActionCell action={row.action} /></Meta>
            <Meta label={w('log.operate.target')}>
              <Text size="sm" dir="ltr" ta="start">{row.target_type}{row.target_id ? ` #${row.target_id}` : ''}</Text>
            </Meta>
            <Meta label={w('field.ip')}><CopyText text={row.ip} ff="monospace" size="xs" /></Meta>
            <Meta label={w('log.operate.requestId')}><CopyText text={row.request_id} ff="monospace" size="xs" /></Meta>
          </SimpleGrid>

          <Stack gap={6}>
            <Text fw={600} size="sm">{w('log.operate.changes')}</Text>
            {changes && changes.length > 0 ? (
              <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} data-testid="operation-changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="22%">{w('log.operate.field')}</Table.Th>
                    <Table.Th>{w('log.operate.before')}</Table.Th>
                    <Table.Th>{w('log.operate.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.map((c) => (
                    <Table.Tr key={c.key} data-kind={c.kind} style={c.kind === 'same' ? { opacity: 0.6 } : undefined}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Text size="xs" ff="monospace" dir="ltr">{c.key}</Text>
                          {c.kind !== 'same' && (
                            <Badge size="xs" variant="light" color={KIND_COLOR[c.kind]} tt="none">{w(`log.operate.kind.${c.kind}`)}</Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td><Text size="xs" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>{shortJson(c.before, 300)}</Text></Table.Td>
                      <Table.Td><Text size="xs" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>{shortJson(c.after, 300)}</Text></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : changes ? (
              <Text size="sm" c="dimmed">{w('common.noData')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Stack gap={4}><Text size="xs" c="dimmed">{w('log.operate.before')}</Text><Json value={row.before} /></Stack>
                <Stack gap={4}><Text size="xs" c="dimmed">{w('log.operate.after')}</Text><Json value={row.after} /></Stack>
              </SimpleGrid>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
