import { Stack, Tabs } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { confirmCommand, executeCommand, openCommandForm, useCommandUi, useParamChoices, type CommandUiContext } from '../../app/commands';
import { session } from '../../app/state/session';
import { discountRuleListQuery, type DiscountRuleRow, type ReductionRow } from '../../schemas/debt';
import { DEBT_API, REDUCTION_API, REDUCTION_STATUSES, reductionQuery } from '../../schemas/repayment';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { getDebtMerchants, pctText } from './debt.api';
import { ReductionRequestDialog } from './ReductionRequestDialog';
import { RuleDialog } from './RuleDialog';

const SCREEN = 'merchant.repaymentDiscountRule';
const A = (verb: string) => `${SCREEN}.${verb}`;
const RULE_ACTIONS = [A('add'), A('edit'), A('del')];
const REDUCTION_ACTIONS = [A('requestReduction'), A('approveReduction'), A('rejectReduction')];
type Tab = 'rules' | 'reductions';

/** Pill colours of reduction statuses: waiting (violet), approved (green), rejected (red), expired (grey). */
export const REDUCTION_COLORS: Record<string, string> = { pending: '#7048e8', approved: '#2f9e44', rejected: '#c92a2a', expired: '#868e96' };

/**
 * /merchant/repaymentDiscountRule. Tab "Rules": what reductions may waive, by the order's overdue days (n add, e edit,
 * delete). Tab "Reductions": the requests — shift+n requests one (order lookup, what it owes, the rule and its
 * maximum), a approves and shift+r rejects the selected one (another person than the requester). Both grids share the
 * screen's selection, so each tab shows only its own actions, and an action of the other tab first switches to it.
 */
export default function DiscountRulesScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reductions' ? 'reductions' : 'rules';
  const setTab = useCallback((next: Tab) => {
    const p = new URLSearchParams(params);
    if (next === 'rules') p.delete('tab');
    else p.set('tab', next);
    setParams(p);
  }, [params, setParams]);
  const [ruleFilters, setRuleFilters] = useUrlFilters(discountRuleListQuery);
  const [reductionFilters, setReductionFilters] = useUrlFilters(reductionQuery);
  const merchants = useRemote((signal) => getDebtMerchants(signal), []);
  const { nodes } = useSnapshot(session);
  const canEdit = can(nodes as string[], byId.get(A('edit'))!.permission);

  const [ruleDialog, setRuleDialog] = useState<{ key: number; row: DiscountRuleRow | null } | null>(null);
  const [requestKey, setRequestKey] = useState<number | null>(null);
  const openRule = (row: DiscountRuleRow | null) => setRuleDialog((d) => ({ key: (d?.key ?? 0) + 1, row }));

  const merchantChoices = useMemo(() => (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), [merchants.data]);
  const choices = useMemo(() => ({
    merchant_id: merchantChoices,
    status: REDUCTION_STATUSES.map((s) => ({ value: s, label: t(`option.reduction_status.${s}`) })),
  }), [merchantChoices, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  useParamChoices(choices);

  /** Runs `fn` when the action's tab is showing; otherwise shows that tab (the selection belongs to the other grid). */
  const onTab = (want: Tab, fn: (ctx: CommandUiContext) => unknown) => (ctx: CommandUiContext) => {
    if (tab !== want) {
      setTab(want);
      return undefined;
    }
    return fn(ctx);
  };
  useCommandUi(A('add'), onTab('rules', () => openRule(null)));
  useCommandUi(A('edit'), onTab('rules', ({ selection }) => openRule(selection[0] as unknown as DiscountRuleRow)));
  useCommandUi(A('del'), onTab('rules', async ({ command, selection }) =>
    ((await confirmCommand(command, selection, intl)) ? executeCommand(command.id, {}, { intl, selection }).catch(() => undefined) : undefined)));
  useCommandUi(A('requestReduction'), onTab('reductions', () => setRequestKey((k) => (k ?? 0) + 1)));
  useCommandUi(A('approveReduction'), onTab('reductions', ({ command, selection }) => openCommandForm(command, selection, { intl, initial: {} })));
  useCommandUi(A('rejectReduction'), onTab('reductions', ({ command, selection }) => openCommandForm(command, selection, { intl, initial: {} })));

  const ruleColumns = useMemo<GridColumnDef<DiscountRuleRow>[]>(() => [
    { key: 'name', title: 'field.name', kind: canEdit ? 'link' : 'text', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 180 },
    { key: 'min_overdue_days', title: 'debt.field.overdue_days', width: 140, sortable: true, format: (r) => t('debt.daysRange', { min: r.min_overdue_days, max: r.max_overdue_days }) },
    { key: 'max_penalty_bp', title: 'debt.field.max_penalty_pct', kind: 'number', width: 150, format: (r) => pctText(r.max_penalty_bp, intl.locale) },
    { key: 'max_interest_bp', title: 'debt.field.max_interest_pct', kind: 'number', width: 170, format: (r) => pctText(r.max_interest_bp, intl.locale) },
    { key: 'max_principal_bp', title: 'debt.field.max_principal_pct', kind: 'number', width: 150, format: (r) => pctText(r.max_principal_bp, intl.locale) },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => t(r.enabled ? 'debt.yes' : 'debt.no'), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl, canEdit]); // eslint-disable-line react-hooks/exhaustive-deps

  const reductionColumns = useMemo<GridColumnDef<ReductionRow>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', width: 150 },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 110, format: (r) => t(`option.reduction_status.${r.status}`), tagColor: (r) => REDUCTION_COLORS[r.status],
    },
    { key: 'amount', title: 'debt.field.reduction_amount', kind: 'money', width: 140 },
    { key: 'penalty', title: 'debt.part.penalty', kind: 'money', width: 120 },
    { key: 'interest', title: 'debt.part.interest', kind: 'money', width: 120 },
    { key: 'fee', title: 'debt.part.fee', kind: 'money', width: 110 },
    { key: 'principal', title: 'debt.part.principal', kind: 'money', width: 120 },
    { key: 'reason', title: 'field.reason', width: 200 },
    { key: 'requested_by_name', title: 'debt.field.requested_by', width: 140 },
    { key: 'expires_at', title: 'debt.field.expires_at', kind: 'datetime' },
    { key: 'decided_by_name', title: 'debt.field.decided_by', width: 140 },
    { key: 'decide_remark', title: 'field.remark', width: 200 },
    { key: 'decided_at', title: 'debt.field.decided_at', kind: 'datetime' },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const currencyOf = useCallback((r: ReductionRow) => r.currency ?? undefined, []);

  return (
    <Stack gap="sm" data-testid="discount-rule-screen">
      <Tabs value={tab} onChange={(v) => setTab(v === 'reductions' ? 'reductions' : 'rules')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rules">{t('debt.tab.rules')}</Tabs.Tab>
          <Tabs.Tab value="reductions">{t('debt.tab.reductions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={discountRuleListQuery} value={ruleFilters} onApply={setRuleFilters} choices={choices} />
            <DataGrid<DiscountRuleRow> screenId={SCREEN} url={DEBT_API.discountList} columns={ruleColumns} filters={ruleFilters} defaultSort="min_overdue_days:asc"
              onOpen={canEdit ? (r) => openRule(r) : undefined} toolbarExclude={REDUCTION_ACTIONS} label="debt.tab.rules" exportable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reductions" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={reductionQuery} value={reductionFilters} onApply={setReductionFilters} choices={choices} titles={{ created: 'field.created_at' }} />
            <DataGrid<ReductionRow> screenId={SCREEN} url={REDUCTION_API.list} columns={reductionColumns} filters={reductionFilters} defaultSort="created_at:desc"
              currencyOf={currencyOf} toolbarExclude={RULE_ACTIONS} label="debt.tab.reductions" exportable />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <RuleDialog openKey={ruleDialog?.key ?? null} row={ruleDialog?.row ?? null} merchants={merchants.data ?? []}
        defaultMerchant={ruleFilters.merchant_id ? String(ruleFilters.merchant_id) : null} onClose={() => setRuleDialog(null)} />
      <ReductionRequestDialog openKey={requestKey} onClose={() => setRequestKey(null)} />
    </Stack>
  );
}
