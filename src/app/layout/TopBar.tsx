import { ActionIcon, Burger, Group, Kbd, Tooltip, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useT } from '../intl/useT';
import { layout, toggleSidebar } from '../state/layout';
import { openSettingsPanel } from '../state/settings';
import { Breadcrumbs } from './Breadcrumbs';
import { FunctionSearch } from './FunctionSearch';
import { Icon } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

/** The other helper's palette listens for this window event. */
export const PALETTE_OPEN_EVENT = 'palette:open';

const isMac = typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/** Top bar (spec §2): sidebar toggle, breadcrumbs, function search, palette, language, theme, settings, user menu. */
export function TopBar() {
  const t = useT();
  const { sidebarOpened, device, mobileNavOpen } = useSnapshot(layout);
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const mobile = device === 'mobile';
  const opened = mobile ? mobileNavOpen : sidebarOpened;
  return (
    <Group className="topbar" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {mobile ? (
          <Burger
            opened={opened}
            onClick={toggleSidebar}
            size="sm"
            aria-label={t(opened ? 'shell.sidebar.collapse' : 'shell.sidebar.expand')}
            data-testid="sidebar-toggle"
          />
        ) : (
          <Tooltip label={t(opened ? 'shell.sidebar.collapse' : 'shell.sidebar.expand')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleSidebar}
              aria-label={t(opened ? 'shell.sidebar.collapse' : 'shell.sidebar.expand')}
              aria-expanded={opened}
              data-testid="sidebar-toggle"
            >
              <Icon name={opened ? 'sidebarCollapse' : 'sidebarExpand'} className="flip-rtl" />
            </ActionIcon>
          </Tooltip>
        )}
        {!mobile && <Breadcrumbs />}
      </Group>
      <Group gap={6} wrap="nowrap">
        {!mobile && <FunctionSearch />}
        <Tooltip label={`${t('shell.topbar.palette')} (${isMac ? '⌘' : 'Ctrl'}+K)`} withArrow>
          {mobile ? (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.topbar.palette')} onClick={openPalette} data-testid="palette-button">
              <Icon name="command" />
            </ActionIcon>
          ) : (
            <UnstyledButton className="palette-button" onClick={openPalette} aria-label={t('shell.topbar.palette')} data-testid="palette-button">
              <Icon name="command" size={15} />
              <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd>
              <Kbd size="xs">K</Kbd>
            </UnstyledButton>
          )}
        </Tooltip>
        <LanguageMenu />
        <Tooltip label={t('shell.topbar.theme')} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={toggleColorScheme} aria-label={t('shell.topbar.theme')} data-testid="theme-toggle">
            <Icon name={colorScheme === 'dark' ? 'sun' : 'moon'} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('shell.settings.title')} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={openSettingsPanel} aria-label={t('shell.settings.title')} data-testid="settings-button">
            <Icon name="sliders" />
          </ActionIcon>
        </Tooltip>
        <UserMenu compact={mobile} />
      </Group>
    </Group>
  );
}

function openPalette() {
  window.dispatchEvent(new CustomEvent(PALETTE_OPEN_EVENT));
}
