import { Badge, Group, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { Icon } from '../../app/layout/icons';
import { formatTime } from '../../app/lib/time';
import type { AccountRow } from '../../schemas/empower';
import type { Column } from '../../ui/RecordTable';
import { Empty, Flag, Ltr, Nowrap, RelativeTime } from './parts';

/** The accounts table (spec §3 "Admin account"). `merchantNames` resolves authorised merchant ids. */
export function accountColumns(intl: IntlShape, merchantNames: ReadonlyMap<number, string>): Column<AccountRow>[] {
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return [
    {
      key: 'account',
      title: 'field.account',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Ltr>
            <Text span size="sm" fw={600}>
              {r.account}
            </Text>
          </Ltr>
          {r.privacy_protection && (
            <Tooltip label={w('field.privacy_protection')} withArrow>
              <Text span c="dimmed" lh={0} aria-label={w('field.privacy_protection')}>
                <Icon name="lock" size={13} />
              </Text>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'name', title: 'field.name', render: (r) => <Clip text={r.name} max={130} /> },
    { key: 'nickname', title: 'field.nickname', render: (r) => <Clip text={r.nickname} max={130} /> },
    { key: 'phone', title: 'field.phone', render: (r) => <Ltr>{r.phone}</Ltr> },
    {
      key: 'role',
      title: 'field.role_id',
      render: (r) => (
        <Stack gap={0}>
          <Clip text={r.role_name || '—'} max={170} />
          {r.secondary_role_name && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {w('empower.secondaryShort', { name: r.secondary_role_name })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'organizer', title: 'field.organizer_id', render: (r) => (r.organizer_name ? <Clip text={r.organizer_name} max={150} /> : <Empty />) },
    { key: 'merchants', title: 'field.merchant_ids', render: (r) => <Merchants ids={r.merchant_ids} names={merchantNames} intl={intl} /> },
    {
      key: 'work',
      title: 'empower.col.workPeriod',
      render: (r) => (r.work_start && r.work_end ? <Ltr>{`${r.work_start}–${r.work_end}`}</Ltr> : <Nowrap dimmed>{w('empower.value.anyTime')}</Nowrap>),
    },
    {
      key: 'terminals',
      title: 'field.allowed_terminals',
      render: (r) =>
        r.allowed_terminals.length ? (
          <Group gap={4} wrap="nowrap">
            {r.allowed_terminals.map((t) => (
              <Badge key={t} size="sm" variant="default" radius="sm" tt="none" fw={500} style={{ minWidth: 'max-content' }}>
                {w(`option.allowed_terminals.${t}`)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Nowrap dimmed>{w('empower.value.anyTerminal')}</Nowrap>
        ),
    },
    { key: 'enabled', title: 'empower.col.status', render: (r) => <Flag on={r.enabled} yes={w('empower.value.enabled')} no={w('empower.value.disabled')} /> },
    { key: 'google', title: 'empower.col.google', render: (r) => <Flag on={r.google_bound} color="blue" yes={w('empower.value.bound')} no={w('empower.value.unbound')} /> },
    {
      key: 'online',
      title: 'empower.col.online',
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{ width: 8, height: 8, borderRadius: 4, flex: 'none', background: r.online ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-4)' }}
          />
          <Nowrap dimmed={!r.online}>{w(r.online ? 'empower.value.online' : 'empower.value.offline')}</Nowrap>
        </Group>
      ),
    },
    { key: 'active_at', title: 'empower.col.activeAt', render: (r) => <RelativeTime value={r.active_at} /> },
    { key: 'logout_at', title: 'empower.col.logoutAt', render: (r) => (r.logout_at ? <Ltr>{formatTime(r.logout_at)}</Ltr> : <Empty />) },
  ];
}

/**
 * One line, cut with an ellipsis past `max` px (the full text in the title). The text keeps its own direction, so a
 * Latin name in an Arabic page loses its end, not its start, while aligning with the page.
 */
function Clip({ text, max = 150 }: { text: string; max?: number }) {
  const { dir } = useDirection();
  return (
    <Text size="sm" truncate="end" maw={max} title={text} dir="auto" ta={dir === 'rtl' ? 'right' : 'left'}>
      {text}
    </Text>
  );
}

function Merchants({ ids, names, intl }: { ids: number[]; names: ReadonlyMap<number, string>; intl: IntlShape }) {
  if (!ids.length) return <Nowrap dimmed>{intl.formatMessage({ id: 'empower.value.allMerchants' })}</Nowrap>;
  const all = ids.map((id) => names.get(id) ?? `#${id}`);
  const shown = all[0];
  const more = all.length - 1;
  return (
    <Tooltip label={all.join(', ')} disabled={more <= 0} multiline maw={320} withArrow>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        <bdi>{shown}</bdi>
        {more > 0 && (
          <Text span c="dimmed" size="xs" style={{ unicodeBidi: 'isolate', marginInlineStart: 6 }}>
            {intl.formatMessage({ id: 'empower.more' }, { count: more })}
          </Text>
        )}
      </Text>
    </Tooltip>
  );
}
