import { Badge, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCommandDone } from '../../app/commands';
import type { TokenRow } from '../../schemas/empower';
import { CommandToolbar } from '../../ui/CommandToolbar';
import type { Column } from '../../ui/RecordTable';
import { useRowSelection } from '../../ui/useRowSelection';
import { AccountCell, CopyCell, LongText, TimeCell } from './cells';
import { FilterBar, useFilterDraft } from './FilterBar';
import { getSessions } from './log.api';
import { LogTable } from './LogPager';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.admin_token_login';
const INITIAL = { account: '' };

/**
 * Live sessions (spec /log/admin_token_login, "account work live"). Each row is one session: selecting rows and
 * forcing logout ends those sessions (their ids), not every session of the account.
 */
export default function OnlineSessionsScreen() {
  const intl = useIntl();
  const list = usePagedList<TokenRow, typeof INITIAL>(SCREEN, getSessions, INITIAL);
  const sel = useRowSelection(SCREEN, list.rows);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);
  useCommandDone(() => {
    sel.clear();
    list.reload();
  }, `${SCREEN}.`);

  const columns = useMemo<Column<TokenRow>[]>(() => [
    { key: 'account', title: 'field.account', render: (r) => <AccountCell account={r.account} name={r.name} /> },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    {
      key: 'terminal', title: 'field.terminal',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Badge size="sm" variant="light" color="gray" tt="none" fw={500}>
            {r.terminal ? intl.formatMessage({ id: `option.allowed_terminals.${r.terminal}`, defaultMessage: r.terminal }) : '—'}
          </Badge>
          {r.durable && <Badge size="sm" variant="outline" color="gray" tt="none" fw={500}>{intl.formatMessage({ id: 'log.session.durable' })}</Badge>}
        </Group>
      ),
    },
    { key: 'created_at', title: 'log.session.signedInAt', render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'last_seen_at', title: 'log.session.lastSeen', render: (r) => <TimeCell at={r.last_seen_at} relative /> },
    { key: 'expires_at', title: 'log.session.expiresAt', render: (r) => <TimeCell at={r.expires_at} /> },
    { key: 'user_agent', title: 'field.user_agent', render: (r) => <LongText text={r.user_agent} /> },
  ], [intl]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="sessions-screen">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
          <FilterBar {...bar}>
            <TextInput size="xs" w={180} label={intl.formatMessage({ id: 'field.account' })} value={draft.account}
              placeholder={intl.formatMessage({ id: 'log.filter.accountPrefix' })}
              onChange={(e) => set({ account: e.currentTarget.value })} name="account" />
          </FilterBar>
          <CommandToolbar screen={SCREEN} />
        </Group>
        <LogTable<TokenRow> list={list} label={intl.formatMessage({ id: 'route.log.admin_token_login' })} columns={columns} sel={sel} />
      </Stack>
    </Paper>
  );
}
