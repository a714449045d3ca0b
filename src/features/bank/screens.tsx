import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useCommandUi } from '../../app/commands';
import { useParamChoices } from '../../app/commands/paramChoices';
import { BANK_API, bankListQuery, binListQuery, CARD_TYPES, type BankRow, type BinRow } from '../../schemas/bank';
import { MARKETS } from '../../schemas/merchant';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useBankOptions } from './bank.api';
import { BinImportDialog } from './BinImportDialog';

/**
 * /system/bank (docs/bank.md): the banks of each market (N add, E edit, enable / disable the selected) and, on the BIN
 * tab (/system/bank/bins, its own selection), the card number prefixes (N add, E edit, Delete remove, I import a file).
 */

const TITLES = {
  market: 'bank.field.market', enabled: 'bank.field.enabled', keyword: 'bank.field.keyword', bank_id: 'bank.field.bank', prefix: 'bank.field.prefix',
  card_type: 'bank.field.card_type',
};

function Tabs({ current }: { current: 'banks' | 'bins' }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  return (
    <SegmentedControl size="xs" value={current} w="fit-content" data-testid="bank-tabs"
      onChange={(v) => navigate(v === 'bins' ? '/system/bank/bins' : '/system/bank')}
      data={[{ value: 'banks', label: intl.formatMessage({ id: 'bank.tab.banks' }) }, { value: 'bins', label: intl.formatMessage({ id: 'bank.tab.bins' }) }]} />
  );
}

function useChoices() {
  const intl = useIntl();
  const banks = useBankOptions();
  return useMemo(() => {
    const yn = [{ value: 'true', label: intl.formatMessage({ id: 'bank.yes' }) }, { value: 'false', label: intl.formatMessage({ id: 'bank.no' }) }];
    return {
      market: MARKETS.map((m) => ({ value: m, label: intl.formatMessage({ id: `option.market.${m}` }) })),
      card_type: CARD_TYPES.map((c) => ({ value: c, label: intl.formatMessage({ id: `option.card_type.${c}` }) })),
      enabled: yn,
      bank_id: (banks.data ?? []).map((b) => ({ value: String(b.id), label: `${b.name} (${b.code} · ${intl.formatMessage({ id: `option.market.${b.market}` })})` })),
    };
  }, [intl, banks.data]);
}

const yes = (intl: ReturnType<typeof useIntl>, v: boolean) => intl.formatMessage({ id: v ? 'bank.yes' : 'bank.no' });

export function BankScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(bankListQuery);
  const choices = useChoices();
  const columns = useMemo<GridColumnDef<BankRow>[]>(() => [
    { key: 'code', title: 'bank.field.code', width: 110, sortable: true },
    { key: 'name', title: 'bank.field.name', width: 220 },
    { key: 'market', title: 'bank.field.market', kind: 'tag', width: 130, sortable: true, format: (r) => intl.formatMessage({ id: `option.market.${r.market}` }) },
    { key: 'enabled', title: 'bank.field.enabled', kind: 'tag', width: 100, format: (r) => yes(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'sort', title: 'bank.field.sort', kind: 'number', width: 80, sortable: true },
    { key: 'bin_count', title: 'bank.field.bin_count', kind: 'number', width: 90 },
    { key: 'bins', title: 'bank.field.bins', width: 300, format: (r) => (r.bins ?? []).join(', ') },
  ], [intl]);
  return (
    <Stack gap="sm" data-testid="bank-screen">
      <Tabs current="banks" />
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'bank.intro' })}</Text>
      <FilterBar schema={bankListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<BankRow> screenId="system.bank" url={BANK_API.list} columns={columns} filters={filters} defaultSort="sort:asc" exportable />
    </Stack>
  );
}

export function BinScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(binListQuery);
  const choices = useChoices();
  useParamChoices(useMemo(() => ({ bank_id: choices.bank_id }), [choices.bank_id]));
  const [importing, setImporting] = useState(0);
  useCommandUi('system.bankBins.import', () => setImporting((n) => n + 1));
  const columns = useMemo<GridColumnDef<BinRow>[]>(() => [
    { key: 'prefix', title: 'bank.field.prefix', width: 120, sortable: true },
    { key: 'bank_name', title: 'bank.field.name', width: 220, format: (r) => `${r.bank_name ?? ''} (${r.bank_code ?? ''})` },
    { key: 'market', title: 'bank.field.market', kind: 'tag', width: 130, format: (r) => intl.formatMessage({ id: `option.market.${r.market}` }) },
    { key: 'card_type', title: 'bank.field.card_type', kind: 'tag', width: 110, format: (r) => intl.formatMessage({ id: `option.card_type.${r.card_type}` }) },
    { key: 'enabled', title: 'bank.field.enabled', kind: 'tag', width: 100, format: (r) => yes(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'updated_at', title: 'bank.field.updated_at', kind: 'datetime', sortable: true },
  ], [intl]);
  return (
    <Stack gap="sm" data-testid="bin-screen">
      <Tabs current="bins" />
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'bank.bins.intro' })}</Text>
      <FilterBar schema={binListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<BinRow> screenId="system.bankBins" url={BANK_API.binList} columns={columns} filters={filters} defaultSort="prefix:asc" exportable />
      <BinImportDialog openKey={importing} markets={choices.market} onClose={() => setImporting(0)} />
    </Stack>
  );
}
