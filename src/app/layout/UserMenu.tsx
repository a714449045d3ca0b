import { Avatar, Group, Menu, Switch, Text, UnstyledButton } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useT } from '../intl/useT';
import { GOOGLE_VALIDATOR_PATH, HOME_PATH, PERSONAL_SETTINGS_PATH } from '../router/paths';
import { session } from '../state/session';
import { setKeepTabs, tags } from '../state/tags';
import { Icon } from './icons';
import { clearCache, logoutToLogin } from './shellActions';
import { useOpenPath } from '../router/openPath';

/** Spec §2 user menu: home, Google validator, personal settings, clear cache, keep tabs (1/0), logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const t = useT();
  const navigate = useOpenPath();
  const { user } = useSnapshot(session);
  const { keep } = useSnapshot(tags);
  const name = user?.nickname || user?.name || user?.account || '';
  return (
    <Menu position="bottom-end" shadow="md" width={230} withinPortal>
      <Menu.Target>
        <UnstyledButton className="user-button" data-testid="user-menu" aria-label={t('shell.user.menu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user?.avatar || null} alt={name} radius="xl" size={28} color="initials" name={name} />
            {!compact && (
              <Text size="sm" fw={500} maw={140} truncate="end">{name}</Text>
            )}
            <Icon name="chevronDown" size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="xs" truncate="end">{user.organizer_info?.name ? `${user.organizer_info.name} · ${user.account}` : user.account}</Text>
          </Menu.Label>
        )}
        <Menu.Item leftSection={<Icon name="home" size={16} />} onClick={() => navigate(HOME_PATH)}>
          {t('shell.user.home')}
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="key" size={16} />} onClick={() => navigate(GOOGLE_VALIDATOR_PATH)}>
          {t('shell.user.google')}
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="user" size={16} />} onClick={() => navigate(PERSONAL_SETTINGS_PATH)}>
          {t('shell.user.personal')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<Icon name="broom" size={16} />} onClick={clearCache} data-testid="clear-cache">
          {t('shell.user.clearCache')}
        </Menu.Item>
        <Menu.Item
          leftSection={<Icon name="tag" size={16} />}
          closeMenuOnClick={false}
          onClick={() => setKeepTabs(!keep)}
          rightSection={<Switch size="xs" checked={keep} readOnly tabIndex={-1} aria-hidden />}
          data-testid="keep-tabs"
        >
          {t('shell.user.keepTabs')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<Icon name="logout" size={16} />} onClick={() => void logoutToLogin()} data-testid="logout">
          {t('shell.user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
