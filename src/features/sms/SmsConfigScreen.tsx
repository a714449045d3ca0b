import { Badge, Code, Group, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../app/api/request';
import {
  SMS_API, SMS_MESSAGE_STATUSES, SMS_PROVIDERS, SMS_PURPOSES, smsConfigListQuery, smsMessageListQuery, type SmsAlertRow, type SmsConfigRow,
  type SmsMessageRow, type SmsTemplateRow,
} from '../../schemas/sms';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Filters } from '../../ui/filterQuery';
import { useRemote } from '../../ui/useRemote';
import { alertColumns, configColumns, messageColumns } from './configColumns';
import { useSmsMerchants } from './sms.api';

const SCREEN = 'merchant.smsConfig';

/**
 * /merchant smsConfig: the merchant's own SMS gateways (spec §3 fields; N adds, E edits, T sends a test message), every
 * message with its delivery status, balance alarms, and the templates of reminders and withdrawal texts (M edits the
 * merchant's wording; an unknown variable is refused).
 */
export default function SmsConfigScreen() {
  const intl = useIntl();
  const w = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const [filters, setFilters] = useUrlFilters(smsConfigListQuery);
  const [msgFilters, setMsgFilters] = useState<Filters>({});
  const merchants = useSmsMerchants();
  const [tplMerchant, setTplMerchant] = useState<string | null>(null);
  const merchantId = tplMerchant ?? merchants[0]?.value ?? null;
  const templates = useRemote((signal) => (merchantId
    ? api.get<{ variables: string[]; templates: SmsTemplateRow[] }>(SMS_API.templateList, { merchant_id: merchantId }, { silent: true, signal })
    : Promise.resolve({ variables: [], templates: [] })), [merchantId]);
  const columns = useMemo(() => configColumns(intl, true), [intl]);
  const msgColumns = useMemo(() => messageColumns(intl), [intl]);
  const alerts = useMemo(() => alertColumns(), []);
  const purposes = SMS_PURPOSES.map((p) => ({ value: p, label: w(`option.purpose.${p}`) }));
  return (
    <Stack gap="sm" data-testid="sms-config-screen">
      <Text size="sm" c="dimmed">{w('sms.intro.merchant')}</Text>
      <Tabs defaultValue="configs" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="configs">{w('sms.tab.configs')}</Tabs.Tab>
          <Tabs.Tab value="messages">{w('sms.tab.messages')}</Tabs.Tab>
          <Tabs.Tab value="alerts">{w('sms.tab.alerts')}</Tabs.Tab>
          <Tabs.Tab value="templates">{w('sms.tab.templates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configs" pt="xs">
          <Stack gap="xs">
            <FilterBar schema={smsConfigListQuery} value={filters} onApply={setFilters}
              titles={{ merchant_id: 'field.merchant_id', purpose: 'sms.field.purpose', provider: 'sms.field.provider', enabled: 'sms.field.enabled' }}
              choices={{ merchant_id: merchants, purpose: purposes, provider: SMS_PROVIDERS.map((p) => ({ value: p, label: w(`option.provider.${p}`) })) }} />
            <DataGrid<SmsConfigRow> screenId={SCREEN} url={SMS_API.configList} columns={columns} filters={filters} defaultSort="id:asc" exportable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="xs">
          <Stack gap="xs">
            <FilterBar schema={smsMessageListQuery} value={msgFilters} onApply={setMsgFilters}
              titles={{ merchant_id: 'field.merchant_id', purpose: 'sms.field.purpose', status: 'sms.field.status', phone: 'field.phone', created_from: 'field.created_at' }}
              choices={{ merchant_id: merchants, purpose: purposes, status: SMS_MESSAGE_STATUSES.map((s) => ({ value: s, label: w(`sms.msgStatus.${s}`) })) }} />
            <DataGrid<SmsMessageRow> screenId={`${SCREEN}.messages`} url={SMS_API.messageList} columns={msgColumns} filters={msgFilters} defaultSort="created_at:desc" exportable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="xs">
          <DataGrid<SmsAlertRow> screenId={`${SCREEN}.alerts`} url={SMS_API.alertList} columns={alerts} defaultSort="created_at:desc" />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="xs">
          <Stack gap="xs" data-testid="sms-templates">
            <Group>
              <Select label={w('field.merchant_id')} data={merchants} value={merchantId} onChange={setTplMerchant} allowDeselect={false} searchable />
              <Text size="xs" c="dimmed">{w('sms.template.variables', { list: (templates.data?.variables ?? []).map((v) => `{${v}}`).join(' ') })}</Text>
            </Group>
            <Table striped withTableBorder fz="sm">
              <Table.Thead><Table.Tr><Table.Th>{w('sms.field.kind')}</Table.Th><Table.Th>{w('sms.field.content')}</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {(templates.data?.templates ?? []).map((t) => (
                  <Table.Tr key={t.kind}>
                    <Table.Td>{w(`option.kind.${t.kind}`)}</Table.Td>
                    <Table.Td><Code>{t.content}</Code></Table.Td>
                    <Table.Td><Badge variant="light" color={t.custom ? 'blue' : 'gray'}>{w(t.custom ? 'sms.template.custom' : 'sms.template.default')}</Badge></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
