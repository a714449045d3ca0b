import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandDone, useCommandUi, useParamChoices } from '../../app/commands';
import type { AccountRow } from '../../schemas/empower';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { AccountDialog } from './AccountDialog';
import { AccountFilters, NO_FILTERS, type AccountFilterValues } from './AccountFilters';
import { accountColumns } from './accountColumns';
import { empowerApi } from './empower.api';
import { useMerchantNames, useMerchantOptions, useRoleOptions } from './options';
import { ListTable, Pager, RefreshButton, useOpenCommand } from './parts';

const SCREEN = 'empower.user';

/** Accounts (spec /empower/user): filter, page, select, and run the account actions of the registry. */
export default function AccountsScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useState<AccountFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);

  const list = useRemote(
    (signal) => empowerApi.accounts({
      keyword: filters.keyword || undefined,
      role_id: filters.role_id ? Number(filters.role_id) : undefined,
      enabled: filters.enabled ?? undefined,
      page,
      page_size: pageSize,
    }, { silent: true, signal }),
    [filters, page, pageSize],
  );
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const roles = useRoleOptions();
  const merchants = useMerchantOptions();
  const merchantNames = useMerchantNames(merchants.data);
  const sel = useRowSelection(SCREEN, rows);

  useCommandDone(() => list.reload(), 'empower.user.');
  useCommandDone(() => roles.reload(), 'empower.role.');

  // The generated forms (set organisation) pick a merchant instead of typing an id.
  const choices = useMemo(() => ({ organizer_id: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: m.name })) }), [merchants.data]);
  useParamChoices(choices);

  const [dialog, setDialog] = useState<{ row: AccountRow | null; n: number } | null>(null);
  useCommandUi('empower.user.add', () => setDialog((d) => ({ row: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi('empower.user.edit', ({ selection }) => setDialog((d) => ({ row: selection[0] as unknown as AccountRow, n: (d?.n ?? 0) + 1 })));

  const columns = useMemo(() => accountColumns(intl, merchantNames), [intl, merchantNames]);
  const openEdit = useOpenCommand<AccountRow>('empower.user.edit');
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  return (
    <Stack gap="xs" data-testid="screen-empower-user">
      <Paper withBorder p="xs" radius="sm">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <AccountFilters
              value={filters}
              roles={roles.data ?? []}
              onChange={(f) => {
                setFilters(f);
                setPage(1);
              }}
            />
            <Group gap="xs" wrap="nowrap">
              {sel.selected.length > 0 && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {w('empower.selected', { count: sel.selected.length })}
                </Text>
              )}
              <RefreshButton onClick={list.reload} loading={list.loading} />
            </Group>
          </Group>
          <CommandToolbar screen={SCREEN} />
        </Stack>
      </Paper>
      <ListTable list={list} sel={sel} label={w('route.empower.user')} columns={columns} rows={rows} onOpen={openEdit} />
      <Pager
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
      {dialog && (
        <AccountDialog key={dialog.n} row={dialog.row} roles={roles.data ?? []} merchants={merchants.data ?? []} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
