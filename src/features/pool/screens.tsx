import { Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { executeCommand, useCommandUi } from '../../app/commands';
import {
  conversionListQuery, dormantListQuery, myListQuery, POOL_API, poolListQuery, rulesBody, serviceListQuery, type ConversionRow,
} from '../../schemas/pool';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { ParamForm } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';
import { conversionColumns, entryColumns } from './columns';
import { EntryScreen, enumChoices, FILTER_TITLES, openCustomer } from './EntryScreen';
import { poolApi } from './pool.api';

/** The screens of /dormantCustomer and /highSeas (docs/pool.md), by command id in index.ts. */

export function DormantScreen() {
  const intl = useIntl();
  const columns = useMemo(() => entryColumns({ intl, onCustomer: openCustomer, holder: true, dormant: true }), [intl]);
  return <EntryScreen screen="dormant.dormantCustomerList" url={POOL_API.dormantList} schema={dormantListQuery} columns={columns} />;
}

export function OverdueScreen() {
  const intl = useIntl();
  const columns = useMemo(() => entryColumns({ intl, onCustomer: openCustomer, holder: true, dormant: true }), [intl]);
  return <EntryScreen screen="dormant.overdueCustomerList" url={POOL_API.overdueList} schema={dormantListQuery} columns={columns} />;
}

export function PoolScreen() {
  const intl = useIntl();
  const columns = useMemo(() => entryColumns({ intl, onCustomer: openCustomer }), [intl]);
  return <EntryScreen screen="highSeas.highSeasList" url={POOL_API.poolList} schema={poolListQuery} columns={columns} history={false} />;
}

export function MyScreen() {
  const intl = useIntl();
  const columns = useMemo(() => entryColumns({ intl, onCustomer: openCustomer, holder: true, dormant: true }), [intl]);
  return <EntryScreen screen="highSeas.myhighSeasList" url={POOL_API.myList} schema={myListQuery} columns={columns} />;
}

const SERVICE = 'highSeas.highSeasService';

/**
 * The supervisor's view: every entry with its holder; dispatch (to one agent or the least loaded), take back, the
 * merchant's rules (e: a form filled with the current rules) and a refresh of the lists.
 */
export function ServiceScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const merchants = useRemote((signal) => poolApi.merchants(signal), []).data ?? [];
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const current = merchantId ?? (merchants[0] ? String(merchants[0].id) : null);
  const agents = useRemote((signal) => (current ? poolApi.agents(Number(current), signal) : Promise.resolve([])), [current]).data ?? [];
  const [rulesOpen, setRulesOpen] = useState(0);
  const rules = useRemote((signal) => (current && rulesOpen ? poolApi.rules(Number(current), signal) : Promise.resolve(null)), [current, rulesOpen]);
  const columns = useMemo(() => entryColumns({ intl, onCustomer: openCustomer, holder: true }), [intl]);
  const choices = useMemo(() => ({
    account_id: agents.map((a) => ({ value: String(a.id), label: `${a.name} (${a.account}) · ${a.held}/${a.cap}` })),
    holder_id: agents.map((a) => ({ value: String(a.id), label: a.name })),
    merchant_id: merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
  }), [agents, merchants]);
  useCommandUi(`${SERVICE}.rules`, () => setRulesOpen((n) => n + 1));
  const cmd = byId.get(`${SERVICE}.rules`);
  const merchantPick = (
    <Select size="xs" w={220} aria-label={w('field.merchant_id')} data={choices.merchant_id} value={current} onChange={setMerchantId} allowDeselect={false} />
  );
  return (
    <EntryScreen screen={SERVICE} url={POOL_API.serviceList} schema={serviceListQuery} columns={columns} choices={choices} toolbar={merchantPick}>
      <Modal opened={rulesOpen > 0} onClose={() => setRulesOpen(0)} size="lg" title={w('action.highSeas.highSeasService.rules')} data-testid="pool-rules-dialog">
        {rules.data ? (
          <ParamForm key={`${current}-${rulesOpen}`} schema={rulesBody} titles={cmd?.paramTitles} initial={rules.data as unknown as Record<string, unknown>}
            choices={{ merchant_id: choices.merchant_id }} omit={['merchant_id']}
            onSubmit={async (values) => { await executeCommand(`${SERVICE}.rules`, { ...values, merchant_id: Number(current) }); setRulesOpen(0); }}
            onCancel={() => setRulesOpen(0)} />
        ) : <Text size="sm" c="dimmed">{w('pool.loading')}</Text>}
      </Modal>
      {agents.length === 0 && <Text size="xs" c="dimmed">{w('pool.noAgents')}</Text>}
    </EntryScreen>
  );
}

export function ConversionsScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(conversionListQuery);
  const merchants = useRemote((signal) => poolApi.merchants(signal), []).data ?? [];
  const choices = useMemo(() => ({ ...enumChoices(intl), merchant_id: merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })) }), [merchants, intl]);
  const columns = useMemo(() => conversionColumns(intl, (r: ConversionRow) => openCustomer(r)), [intl]);
  return (
    <Stack gap="sm" data-testid="highSeas.highSeasRegistrationSuccessList-screen">
      <FilterBar schema={conversionListQuery} value={filters} onApply={setFilters} choices={choices} titles={FILTER_TITLES} />
      <DataGrid<ConversionRow> screenId="highSeas.highSeasRegistrationSuccessList" url={POOL_API.conversions} columns={columns} filters={filters}
        defaultSort="created_at:desc" onOpen={(r) => openCustomer(r)} exportable autoFocus />
    </Stack>
  );
}


