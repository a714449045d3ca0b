import { createTheme, type MantineThemeOverride } from '@mantine/core';

/**
 * A calm, dense console: system fonts (they carry Arabic, Thai and CJK well), small radius, compact controls.
 * The primary colour comes from the settings panel.
 */
export function shellTheme(primaryColor: string): MantineThemeOverride {
  return createTheme({
    primaryColor,
    primaryShade: { light: 6, dark: 7 },
    defaultRadius: 'sm',
    cursorType: 'pointer',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "PingFang SC", "Microsoft YaHei", sans-serif',
    fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    headings: { fontWeight: '600' },
    fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
    components: {
      Tooltip: { defaultProps: { openDelay: 300, fz: 'xs' } },
      Menu: { defaultProps: { radius: 'md' } },
      Notification: { defaultProps: { radius: 'md' } },
    },
  });
}
