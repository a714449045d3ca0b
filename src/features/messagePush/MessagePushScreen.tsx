import { Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { api } from '../../app/api/request';
import { useParamChoices } from '../../app/commands';
import type { MerchantOption } from '../../schemas/merchant';
import {
  PUSH_API, PUSH_AUDIENCES, PUSH_PROVIDERS, PUSH_STATUSES, pushConfigListQuery, pushListQuery, type PushConfigRow, type PushOptions, type PushRow,
} from '../../schemas/messagePush';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

const SCREEN = 'system.messagePush';
const TITLES = {
  merchant_id: 'field.merchant_id', push_status: 'messagePush.field.status', push_audience: 'messagePush.field.audience',
  enabled: 'messagePush.field.enabled', created: 'field.created_at',
};
const STATUS_COLORS: Record<string, string> = { scheduled: '#1c7ed6', sending: '#f08c00', sent: '#2f9e44', cancelled: '#868e96' };

/** Choices of the filters and the generated send / configuration forms (configurations and groups of the account's merchants). */
function usePushChoices(): Record<string, Choice[]> {
  const intl = useIntl();
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []).data;
  const opts = useRemote((signal) => api.get<PushOptions>(PUSH_API.options, undefined, { silent: true, signal }), []).data;
  const choices = useMemo(() => {
    const w = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: intl.formatMessage({ id: `option.${field}.${v}` }) }));
    const mName = new Map((merchants ?? []).map((m) => [m.id, m.name]));
    return {
      merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      // The configuration edit form's id (a screen action: the selected row may be a message).
      id: (opts?.configs ?? []).map((c) => ({ value: String(c.id), label: `${c.name} · ${mName.get(c.merchant_id) ?? c.merchant_id}` })),
      config_id: (opts?.configs ?? []).map((c) => ({ value: String(c.id), label: `${c.name} · ${mName.get(c.merchant_id) ?? c.merchant_id}${c.enabled ? '' : ' ✕'}` })),
      group_id: (opts?.groups ?? []).map((g) => ({ value: String(g.id), label: `${g.name} · ${mName.get(g.merchant_id) ?? g.merchant_id}` })),
      push_audience: w('push_audience', PUSH_AUDIENCES),
      push_status: w('push_status', PUSH_STATUSES),
      push_provider: w('push_provider', PUSH_PROVIDERS),
    };
  }, [intl, merchants, opts]);
  useParamChoices(choices);
  return choices;
}

function audienceText(intl: IntlShape, r: PushRow): string {
  const a = intl.formatMessage({ id: `option.push_audience.${r.audience}` });
  if (r.audience === 'overdue') return `${a} · ${intl.formatMessage({ id: 'messagePush.overdueDays' }, { days: r.overdue_days ?? 0 })}`;
  if (r.audience === 'group') return `${a} · ${r.group_name ?? r.group_id ?? ''}`;
  return a;
}

const messageColumns = (intl: IntlShape): GridColumnDef<PushRow>[] => [
  { key: 'title', title: 'messagePush.field.title', width: 200 },
  { key: 'audience', title: 'messagePush.field.audience', width: 200, format: (r) => audienceText(intl, r) },
  {
    key: 'status', title: 'messagePush.field.status', kind: 'tag', width: 110, format: (r) => intl.formatMessage({ id: `option.push_status.${r.status}` }),
    tagColor: (r) => STATUS_COLORS[r.status],
  },
  { key: 'scheduled_at', title: 'messagePush.field.send_at', kind: 'datetime' },
  { key: 'targeted', title: 'messagePush.field.targeted', kind: 'number', width: 90 },
  { key: 'sent', title: 'messagePush.field.sent', kind: 'number', width: 90 },
  { key: 'delivered', title: 'messagePush.field.delivered', kind: 'number', width: 90 },
  { key: 'failed', title: 'messagePush.field.failed', kind: 'number', width: 90 },
  { key: 'body', title: 'messagePush.field.body', width: 280 },
  { key: 'config_name', title: 'messagePush.field.config', width: 150 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
  { key: 'created_by_name', title: 'messagePush.field.created_by', width: 130 },
  { key: 'sent_at', title: 'messagePush.field.sent_at', kind: 'datetime' },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
];

const configColumns = (intl: IntlShape): GridColumnDef<PushConfigRow>[] => [
  { key: 'name', title: 'messagePush.field.name', width: 180 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'provider', title: 'messagePush.field.provider', kind: 'tag', width: 100, format: (r) => intl.formatMessage({ id: `option.push_provider.${r.provider}` }) },
  { key: 'app_id', title: 'messagePush.field.app_id', width: 160 },
  { key: 'secret_hint', title: 'messagePush.field.secret', width: 110, format: (r) => (r.has_secret ? `••••${r.secret_hint}` : '—') },
  { key: 'failure_rate', title: 'messagePush.field.failure_rate', kind: 'number', width: 110 },
  {
    key: 'enabled', title: 'messagePush.field.enabled', kind: 'tag', width: 90, format: (r) => intl.formatMessage({ id: r.enabled ? 'shortLink.yes' : 'shortLink.no' }),
    tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96'),
  },
  { key: 'messages', title: 'messagePush.field.messages', kind: 'number', width: 90 },
  { key: 'remark', title: 'messagePush.field.remark', width: 200 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime' },
];

/**
 * /system messagePush: messages to borrower-app users (audience, now or scheduled, delivery counts) and, on the
 * second tab, the app's push configurations. N sends a message, C cancels the selected scheduled one, G adds a
 * configuration.
 */
export default function MessagePushScreen() {
  const intl = useIntl();
  const choices = usePushChoices();
  const [tab, setTab] = useState<string | null>('messages');
  const [filters, setFilters] = useUrlFilters(pushListQuery);
  const [cfgFilters, setCfgFilters] = useState<Record<string, unknown>>({});
  const cols = useMemo(() => messageColumns(intl), [intl]);
  const cfgCols = useMemo(() => configColumns(intl), [intl]);
  return (
    <Stack gap="sm" data-testid="message-push-screen">
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'messagePush.intro' })}</Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="messages">{intl.formatMessage({ id: 'messagePush.tab.messages' })}</Tabs.Tab>
          <Tabs.Tab value="configs">{intl.formatMessage({ id: 'messagePush.tab.configs' })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={pushListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
            <DataGrid<PushRow> screenId={SCREEN} url={PUSH_API.list} columns={cols} filters={filters} defaultSort="created_at:desc" exportable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="configs" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={pushConfigListQuery} value={cfgFilters} onApply={setCfgFilters} titles={TITLES} choices={choices} />
            <DataGrid<PushConfigRow> screenId={SCREEN} url={PUSH_API.configList} columns={cfgCols} filters={cfgFilters} defaultSort="id:asc" />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
