import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { executeCommand, runInteractive, useCommandDone } from '../../app/commands';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import type { BusinessClockState } from '../../schemas/lifecycle';
import { useRemote } from '../../ui/useRemote';

const CLOCK = byId.get('system.test')!.api!;
const MOVE = 'system.test.moveClock';
/** Declared by the debt area (commands/debt.commands.ts): the end-of-day job now, for the business date of each merchant. */
const END_OF_DAY = 'system.test.runEndOfDay';

/** Merchants where the run changed something (the totals line counts every merchant). */
const active = (r: EndOfDayRun) => r.merchants.filter((m) => m.overdueMoved + m.accrued + m.writtenOff + m.expired > 0);

interface EndOfDayRun {
  ran: boolean;
  merchants: Array<{ merchantId: number; businessDate: string; overdueMoved: number; accrued: number; writtenOff: number; expired: number }>;
  totals: { overdueMoved: number; accrued: number; writtenOff: number; expired: number };
}

/**
 * /system/test: the business clock. Loan dates (due dates, overdue days, expiry of approvals) run on it, so a test
 * install can replay a loan's life by moving it; security times (sessions, logs) stay on the machine's clock.
 */
export default function SystemTestScreen() {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const mayMove = can(nodes, byId.get(MOVE)!.permission);
  const mayRunEndOfDay = can(nodes, byId.get(END_OF_DAY)!.permission);
  const [endOfDay, setEndOfDay] = useState<EndOfDayRun | null>(null);
  const clock = useRemote((signal) => api.get<BusinessClockState>(CLOCK.path, undefined, { silent: true, signal }), []);
  const [days, setDays] = useState<number | string>(1);
  useCommandDone((d) => {
    if (d.id === MOVE) clock.reload();
    if (d.id === END_OF_DAY) setEndOfDay(d.result as EndOfDayRun);
  });
  const move = (params: Record<string, unknown>) => executeCommand(MOVE, params, { intl }).catch(() => undefined);
  const offsetDays = clock.data ? clock.data.offset_ms / 86_400_000 : 0;

  return (
    <Stack gap="md" maw={720}>
      <Title order={4}><FormattedMessage id="system.businessClock" /></Title>
      <Text c="dimmed" size="sm"><FormattedMessage id="system.clock.explain" /></Text>
      {clock.error && <Alert color="red">{clock.error}</Alert>}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed"><FormattedMessage id="system.clock.businessTime" /></Text>
            <Text fw={600} data-testid="business-time">{clock.data ? formatTime(clock.data.business_time) : '—'}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed"><FormattedMessage id="system.clock.systemTime" /></Text>
            <Text>{clock.data ? formatTime(clock.data.system_time) : '—'}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed"><FormattedMessage id="system.clock.offset" /></Text>
            <Text data-testid="clock-offset">{intl.formatNumber(offsetDays, { maximumFractionDigits: 2 })}</Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      {mayMove && (
        <Group align="end">
          <NumberInput
            label={intl.formatMessage({ id: 'system.clock.advanceDays' })} value={days} onChange={setDays}
            min={-3650} max={3650} allowDecimal={false} w={160}
          />
          <Button onClick={() => move({ advance_days: Number(days) })} disabled={!Number.isInteger(Number(days)) || Number(days) === 0}>
            <FormattedMessage id="system.clock.advance" />
          </Button>
          <Button variant="default" onClick={() => move({ reset: true })} disabled={!clock.data || clock.data.offset_ms === 0}>
            <FormattedMessage id="system.clock.reset" />
          </Button>
        </Group>
      )}
      {mayRunEndOfDay && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <Text size="sm" c="dimmed" style={{ flex: 1 }}><FormattedMessage id="system.endOfDay.explain" /></Text>
              <Button variant="light" data-command={END_OF_DAY} onClick={() => void runInteractive(END_OF_DAY, { intl })}>
                <FormattedMessage id="action.system.test.runEndOfDay" />
              </Button>
            </Group>
            {endOfDay && (
              <Stack gap={4} data-testid="end-of-day-result">
                <Text size="sm">
                  {endOfDay.ran
                    ? intl.formatMessage({ id: 'system.endOfDay.done' }, { merchants: endOfDay.merchants.length, ...endOfDay.totals })
                    : intl.formatMessage({ id: 'system.endOfDay.busy' })}
                </Text>
                {endOfDay.ran && active(endOfDay).length > 0 && (
                  <Table withTableBorder verticalSpacing={2} fz="xs">
                    <Table.Thead>
                      <Table.Tr>
                        {['merchant', 'businessDate', 'overdueMoved', 'accrued', 'writtenOff', 'expired'].map((k) => (
                          <Table.Th key={k}><FormattedMessage id={`system.endOfDay.${k}`} /></Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {active(endOfDay).map((m) => (
                        <Table.Tr key={m.merchantId}>
                          <Table.Td>{m.merchantId}</Table.Td>
                          <Table.Td>{m.businessDate}</Table.Td>
                          <Table.Td>{m.overdueMoved}</Table.Td>
                          <Table.Td>{m.accrued}</Table.Td>
                          <Table.Td>{m.writtenOff}</Table.Td>
                          <Table.Td>{m.expired}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
