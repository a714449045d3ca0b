import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { api } from '../../app/api/request';
import { useParamChoices } from '../../app/commands/paramChoices';
import { formatMoney } from '../../app/lib/format';
import { CO_DEBT_API, CO_DEBT_EFFECTS, coDebtRuleListQuery, type CoDebtRuleRow } from '../../schemas/coDebt';
import type { MerchantOption } from '../../schemas/merchant';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';

/**
 * /merchant/coDebtRule (docs/coDebt.md): per merchant, how a person's open debts at sister merchants (or every other
 * merchant) count — match keys, thresholds, the effect at intake (refuse / manual review / none) and the collection
 * flag. N adds, E edits the selected rule, Delete removes it (the generated forms of the commands).
 */

const TITLES = { merchant_id: 'field.merchant_id', enabled: 'field.enabled', intake_effect: 'coDebt.field.intake_effect' };
const opt = (intl: IntlShape, field: string, v: string) => intl.formatMessage({ id: `option.${field}.${v}` });
const none = (intl: IntlShape) => intl.formatMessage({ id: 'coDebt.noLimit' });
const EFFECT_COLORS: Record<string, string> = { reject: '#e03131', review: '#f08c00', none: '#868e96' };

export default function CoDebtRuleScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(coDebtRuleListQuery);
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []);
  const choices = useMemo(() => ({
    merchant_id: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    intake_effect: CO_DEBT_EFFECTS.map((e) => ({ value: e, label: opt(intl, 'intake_effect', e) })),
    enabled: [{ value: 'true', label: intl.formatMessage({ id: 'coDebt.yes' }) }, { value: 'false', label: intl.formatMessage({ id: 'coDebt.no' }) }],
  }), [intl, merchants.data]);
  useParamChoices(useMemo(() => ({ merchant_id: choices.merchant_id }), [choices.merchant_id]));
  const columns = useMemo<GridColumnDef<CoDebtRuleRow>[]>(() => [
    { key: 'merchant_name', title: 'field.merchant_id', width: 200 },
    { key: 'scope', title: 'coDebt.field.scope', kind: 'tag', width: 190, format: (r) => opt(intl, 'scope', r.scope) },
    { key: 'match_keys', title: 'coDebt.field.match_keys', width: 220, format: (r) => (r.match_keys ?? []).map((k) => opt(intl, 'match_keys', k)).join(', ') },
    { key: 'max_open_loans', title: 'coDebt.field.max_open_loans', width: 130, format: (r) => (r.max_open_loans === null ? none(intl) : String(r.max_open_loans)) },
    { key: 'max_overdue_days', title: 'coDebt.field.max_overdue_days', width: 140, format: (r) => (r.max_overdue_days === null ? none(intl) : String(r.max_overdue_days)) },
    {
      key: 'max_outstanding', title: 'coDebt.field.max_outstanding', width: 160,
      format: (r) => (r.max_outstanding === null ? none(intl) : formatMoney(r.max_outstanding, { currency: r.currency ?? 'USD', minor: true })),
    },
    {
      key: 'intake_effect', title: 'coDebt.field.intake_effect', kind: 'tag', width: 170, format: (r) => opt(intl, 'intake_effect', r.intake_effect),
      tagColor: (r) => EFFECT_COLORS[r.intake_effect],
    },
    { key: 'collection_flag', title: 'coDebt.field.collection_flag', kind: 'tag', width: 130, format: (r) => intl.formatMessage({ id: r.collection_flag ? 'coDebt.yes' : 'coDebt.no' }) },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => intl.formatMessage({ id: r.enabled ? 'coDebt.yes' : 'coDebt.no' }), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'note', title: 'coDebt.field.note', width: 200 },
    { key: 'updated_at', title: 'coDebt.field.updated_at', kind: 'datetime', sortable: true },
  ], [intl]);
  return (
    <Stack gap="sm" data-testid="co-debt-screen">
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'coDebt.intro' })}</Text>
      <FilterBar schema={coDebtRuleListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<CoDebtRuleRow> screenId="merchant.coDebtRule" url={CO_DEBT_API.list} columns={columns} filters={filters} defaultSort="id:asc" exportable />
    </Stack>
  );
}
