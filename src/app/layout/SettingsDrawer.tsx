import { CheckIcon, ColorSwatch, Divider, Drawer, Group, Stack, Switch, Text, Tooltip, useMantineColorScheme, useMantineTheme } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useT } from '../intl/useT';
import { THEME_COLORS, settings, settingsPanel } from '../state/settings';

/** Spec §2 settings panel: theme colour, tags view, fixed header, sidebar logo; and dark mode. Saved as changed. */
export function SettingsDrawer() {
  const t = useT();
  const theme = useMantineTheme();
  const s = useSnapshot(settings);
  const { open } = useSnapshot(settingsPanel);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const dark = colorScheme === 'dark';
  return (
    <Drawer
      opened={open}
      onClose={() => {
        settingsPanel.open = false;
      }}
      position="right"
      size={300}
      title={<Text fw={600}>{t('shell.settings.title')}</Text>}
      data-testid="settings-panel"
    >
      <Stack gap="lg">
        <div>
          <Text size="sm" fw={500} mb={8}>{t('shell.settings.themeColor')}</Text>
          <Group gap={8}>
            {THEME_COLORS.map((c) => (
              <Tooltip key={c} label={c} withArrow>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={theme.colors[c][6]}
                  size={26}
                  onClick={() => {
                    settings.themeColor = c;
                  }}
                  aria-label={c}
                  aria-pressed={s.themeColor === c}
                  style={{ color: '#fff', cursor: 'pointer' }}
                  data-testid={`theme-color-${c}`}
                >
                  {s.themeColor === c && <CheckIcon size={11} />}
                </ColorSwatch>
              </Tooltip>
            ))}
          </Group>
        </div>
        <Divider />
        <Switch
          label={t('shell.settings.darkMode')}
          checked={dark}
          onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
          data-testid="setting-dark"
        />
        <Switch
          label={t('shell.settings.tagsView')}
          checked={s.tagsView}
          onChange={(e) => {
            settings.tagsView = e.currentTarget.checked;
          }}
          data-testid="setting-tags-view"
        />
        <Switch
          label={t('shell.settings.fixedHeader')}
          checked={s.fixedHeader}
          onChange={(e) => {
            settings.fixedHeader = e.currentTarget.checked;
          }}
          data-testid="setting-fixed-header"
        />
        <Switch
          label={t('shell.settings.sidebarLogo')}
          checked={s.sidebarLogo}
          onChange={(e) => {
            settings.sidebarLogo = e.currentTarget.checked;
          }}
          data-testid="setting-sidebar-logo"
        />
      </Stack>
    </Drawer>
  );
}
