import { Anchor, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { SUPER_KEY } from '../../../commands/permissions';
import { GOOGLE_VALIDATOR_PATH } from '../../app/router/paths';
import type { UserInfo } from '../../schemas/auth';
import type { MerchantOption } from '../../schemas/merchant';
import { getMerchantOptions } from './auth.api';

/** Names of the authorised merchants; none authorised means every merchant (the server scopes nothing). */
export function merchantNames(ids: readonly number[], options: readonly MerchantOption[]): string[] | 'all' {
  if (!ids.length) return 'all';
  const byId = new Map(options.map((o) => [o.id, o.name]));
  return ids.map((id) => byId.get(id) ?? `#${id}`);
}

/** Read-only facts about the signed-in account: who, where, what it may do. */
export function AccountInfo({ user }: { user: UserInfo }) {
  const intl = useIntl();
  const [merchants, setMerchants] = useState<MerchantOption[]>([]);
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    let live = true;
    getMerchantOptions().then((m) => live && setMerchants(m ?? [])).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const names = merchantNames(user.merchant_ids ?? [], merchants);
  const display = user.nickname || user.name || user.account;
  const rows: Array<[string, React.ReactNode]> = [
    [w('field.account'), <Text key="a" size="sm" ff="monospace">{user.account}</Text>],
    [w('field.name'), user.name || '—'],
    [w('field.phone'), <span key="p" dir="ltr">{user.phone || '—'}</span>],
    [w('field.organizer_id'), user.organizer_info?.name || '—'],
    [
      w('auth.personal.permissions'),
      user.node_list.includes(SUPER_KEY) ? w('auth.personal.allPermissions') : w('auth.personal.permissionCount', { count: user.node_list.length }),
    ],
    [w('field.merchant_ids'), names === 'all' ? w('auth.personal.allMerchants') : names.join(', ')],
    [
      w('route.auth.googleValidator'),
      <Group key="g" gap="xs" wrap="nowrap">
        <Badge size="sm" variant="light" color={user.google_bound ? 'teal' : 'gray'} tt="none" fw={500}>
          {w(user.google_bound ? 'auth.google.bound' : 'auth.google.notBound')}
        </Badge>
        <Anchor component={Link} href={GOOGLE_VALIDATOR_PATH} size="xs">{w('auth.personal.manage')}</Anchor>
      </Group>,
    ],
    [w('field.privacy_protection'), w(user.privacy_protection ? 'auth.personal.on' : 'auth.personal.off')],
  ];

  return (
    <Stack gap="sm" data-testid="account-info">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={user.avatar || null} alt={display} name={display} color="initials" size={56} radius="xl" />
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate="end">{display}</Text>
          <Text size="xs" c="dimmed" truncate="end">{user.organizer_info?.name ? `${user.organizer_info.name} · ${user.account}` : user.account}</Text>
        </Stack>
      </Group>
      {user.introduction && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{user.introduction}</Text>}
      <Table fz="sm" verticalSpacing={6} withRowBorders>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="40%" fw={500} c="dimmed" style={{ textAlign: 'start' }}>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
