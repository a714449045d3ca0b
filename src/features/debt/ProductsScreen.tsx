import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { confirmCommand, executeCommand, useCommandUi, useParamChoices, type Row } from '../../app/commands';
import { ApiError } from '../../app/api/request';
import { formatMoney } from '../../app/lib/format';
import { session } from '../../app/state/session';
import { CODE } from '../../schemas/common';
import { productListQuery, type ProductRow } from '../../schemas/debt';
import { DEBT_API } from '../../schemas/repayment';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { getDebtMerchants, pctText } from './debt.api';
import { ProductDialog } from './ProductDialog';

const SCREEN = 'merchant.product';
const DEL = 'merchant.product.del';
const DISABLE = 'merchant.product.disable';

/**
 * /merchant/product: the loan products of the account's merchants (filters: merchant, enabled, name). n adds, e (or
 * Enter) edits in a dialog with a pricing preview; delete asks first and, when orders use the product (refused by the
 * server), offers to disable it instead.
 */
export default function ProductsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useUrlFilters(productListQuery);
  const merchants = useRemote((signal) => getDebtMerchants(signal), []);
  const [dialog, setDialog] = useState<{ key: number; row: ProductRow | null } | null>(null);
  const open = (row: ProductRow | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, row }));

  const { nodes } = useSnapshot(session);
  const canEdit = can(nodes as string[], byId.get('merchant.product.edit')!.permission);
  const merchantChoices = useMemo(() => (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), [merchants.data]);
  const choices = useMemo(() => ({ merchant_id: merchantChoices }), [merchantChoices]);
  useParamChoices(choices);

  useCommandUi('merchant.product.add', () => open(null));
  useCommandUi('merchant.product.edit', ({ selection }) => open(selection[0] as unknown as ProductRow));
  useCommandUi(DEL, async ({ command, selection }) => {
    if (!(await confirmCommand(command, selection, intl))) return undefined;
    try {
      return await executeCommand(DEL, {}, { intl, selection });
    } catch (e) {
      // Orders use it: it stays, and may be disabled instead.
      if (e instanceof ApiError && e.code === CODE.CONFLICT) offerDisable(selection);
      return undefined;
    }
  });
  const offerDisable = (selection: Row[]) => {
    modals.openConfirmModal({
      title: t('debt.product.inUseTitle'),
      children: <Text size="sm">{t('debt.product.inUseBody')}</Text>,
      labels: { confirm: intl.formatMessage({ id: byId.get(DISABLE)!.title }), cancel: t('command.cancel') },
      onConfirm: () => void executeCommand(DISABLE, {}, { intl, selection }).catch(() => undefined),
    });
  };

  const word = (id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback);
  const yes = (v: boolean) => t(v ? 'debt.yes' : 'debt.no');
  const columns = useMemo<GridColumnDef<ProductRow>[]>(() => [
    { key: 'name', title: 'field.name', kind: canEdit ? 'link' : 'text', width: 180 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => yes(r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'interest_type', title: 'debt.field.interest_type', width: 110, format: (r) => word(`option.interest_type.${r.interest_type}`, r.interest_type) },
    { key: 'rate_bp', title: 'debt.field.rate_pct', kind: 'number', width: 100, format: (r) => pctText(r.rate_bp, intl.locale) },
    { key: 'days', title: 'debt.field.days_range', width: 110, format: (r) => t('debt.daysRange', { min: r.min_days, max: r.max_days }) },
    { key: 'term', title: 'debt.field.term', kind: 'number', width: 80 },
    { key: 'cycle', title: 'debt.field.cycle', kind: 'number', width: 80 },
    { key: 'min_amount', title: 'debt.field.min_amount', kind: 'money', width: 140 },
    { key: 'max_amount', title: 'debt.field.max_amount', kind: 'money', width: 140, format: (r) => (r.max_amount === 0 ? t('debt.noLimit') : formatMoney(r.max_amount, { currency: r.currency ?? undefined, minor: true })) },
    { key: 'management_fee_bp', title: 'debt.field.management_fee_pct', kind: 'number', width: 120, format: (r) => pctText(r.management_fee_bp, intl.locale) },
    { key: 'risk_fee_bp', title: 'debt.field.risk_fee_pct', kind: 'number', width: 110, format: (r) => pctText(r.risk_fee_bp, intl.locale) },
    { key: 'payment_fee_bp', title: 'debt.field.payment_fee_pct', kind: 'number', width: 120, format: (r) => pctText(r.payment_fee_bp, intl.locale) },
    { key: 'fee_timing', title: 'debt.field.fee_timing', width: 120, format: (r) => word(`option.fee_timing.${r.fee_timing}`, r.fee_timing) },
    { key: 'overdue_rate_bp', title: 'debt.field.overdue_rate_pct', kind: 'number', width: 120, format: (r) => pctText(r.overdue_rate_bp, intl.locale) },
    { key: 'in_use', title: 'debt.field.in_use', kind: 'tag', width: 90, format: (r) => yes(r.in_use) },
    { key: 'sort', title: 'field.sort', kind: 'number', width: 80, sortable: true },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl, canEdit]); // eslint-disable-line react-hooks/exhaustive-deps
  const currencyOf = useCallback((r: ProductRow) => r.currency ?? undefined, []);

  return (
    <Stack gap="sm" data-testid="product-screen">
      <FilterBar schema={productListQuery} value={filters} onApply={setFilters} choices={choices} />
      <DataGrid<ProductRow> screenId={SCREEN} url={DEBT_API.productList} columns={columns} filters={filters} defaultSort="sort:asc"
        currencyOf={currencyOf} onOpen={canEdit ? (r) => open(r) : undefined} exportable />
      <ProductDialog openKey={dialog?.key ?? null} row={dialog?.row ?? null} merchants={merchants.data ?? []}
        defaultMerchant={filters.merchant_id ? String(filters.merchant_id) : null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
