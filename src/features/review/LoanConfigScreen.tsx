import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { can, SUPER_KEY } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useParamChoices } from '../../app/commands';
import { api } from '../../app/api/request';
import { session } from '../../app/state/session';
import { MANUAL_STAGES } from '../../schemas/lifecycle';
import { loanConfigQuery, type LoanConfigRow } from '../../schemas/review';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { merchantProductChoices, useReviewOptions, word } from './shared';

const SCREEN = 'merchant.loanConfig';
const EDIT = 'merchant.loanConfig.edit';

/**
 * Spec /merchant/loanConfig, the review flow: which manual stages (first, second, pre-disbursement, disbursement
 * review) an order passes, for new and for returning customers, per merchant; merchants without their own follow the
 * default. e edits the selected merchant (or, from the default card, the default).
 */
export default function LoanConfigScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(loanConfigQuery);
  const options = useReviewOptions();
  const { nodes, user } = useSnapshot(session);
  const def = useRemote((signal) => api.get<LoanConfigRow>('/loanapi/review_flow/default', undefined, { silent: true, signal }), []);
  useCommandDone(() => def.reload(), (id) => id === EDIT);

  const stageChoices = useMemo(() => MANUAL_STAGES.map((s) => ({ value: s, label: word(intl, 'review_stage', s) })), [intl]);
  const paramChoices = useMemo(() => ({ new_stages: stageChoices, returning_stages: stageChoices }), [stageChoices]);
  useParamChoices(paramChoices);

  const stages = (list: readonly string[]) => (list.length ? list.map((s) => word(intl, 'review_stage', s)).join(' → ') : intl.formatMessage({ id: 'review.flow.none' }));
  const columns = useMemo<GridColumnDef<LoanConfigRow>[]>(() => [
    { key: 'code', title: 'field.merchant_code', width: 120, sortable: true },
    { key: 'name', title: 'field.merchant_id', width: 220 },
    {
      key: 'own', title: 'field.flow_own', kind: 'tag', width: 160,
      format: (r) => intl.formatMessage({ id: r.own ? 'review.flow.own' : 'review.flow.followsDefault' }), tagColor: (r) => (r.own ? '#1971c2' : undefined),
    },
    { key: 'new_stages', title: 'field.new_stages', width: 420, format: (r) => stages(r.new_stages) },
    { key: 'returning_stages', title: 'field.returning_stages', width: 320, format: (r) => stages(r.returning_stages) },
  ], [intl]);

  // The default applies to every merchant: only an account that sees them all may change it.
  const mayEditDefault = can(nodes as string[], EDIT) && (nodes.includes(SUPER_KEY) || (user?.merchant_ids.length ?? 0) === 0);
  const d = def.data;
  return (
    <Stack gap="sm" data-testid="loan-config">
      <Paper withBorder radius="sm" p="sm" data-testid="flow-default">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h6">{intl.formatMessage({ id: 'review.flow.defaultTitle' })}</Title>
              {d && !d.own && <Badge size="xs" variant="outline" color="gray" tt="none">{intl.formatMessage({ id: 'review.flow.builtIn' })}</Badge>}
            </Group>
            <Text size="sm">{intl.formatMessage({ id: 'field.new_stages' })}: {d ? stages(d.new_stages) : '…'}</Text>
            <Text size="sm">{intl.formatMessage({ id: 'field.returning_stages' })}: {d ? stages(d.returning_stages) : '…'}</Text>
            <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'review.flow.hint' })}</Text>
          </Stack>
          {mayEditDefault && d && (
            <Button size="xs" variant="default" onClick={() => void runInteractive(EDIT, { intl, selection: [{ ...d, id: 0 }] })}>
              {intl.formatMessage({ id: 'action.merchant.loanConfig.edit' })}
            </Button>
          )}
        </Group>
      </Paper>
      <FilterBar schema={loanConfigQuery} value={filters} onApply={setFilters} choices={{ merchant_id: merchantProductChoices(options, filters.merchant_id).merchant_id }} />
      <DataGrid<LoanConfigRow> screenId={SCREEN} url="/loanapi/review_flow/list" columns={columns} filters={filters} defaultSort="id:asc" />
    </Stack>
  );
}
