import type { Theme } from '@glideapps/glide-data-grid';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';

/** The canvas grids' theme from Mantine's (colour scheme, primary colour, the page's font): lists and reports alike. */
export function useGridTheme(): Partial<Theme> {
  const scheme = useComputedColorScheme('light');
  const mt = useMantineTheme();
  return useMemo(() => {
    const p = mt.colors[mt.primaryColor] ?? mt.colors.blue;
    const font = typeof document === 'undefined' ? mt.fontFamily ?? 'sans-serif' : getComputedStyle(document.body).fontFamily || mt.fontFamily || 'sans-serif';
    const dark = scheme === 'dark';
    return {
      accentColor: p[dark ? 4 : 6],
      accentLight: dark ? 'rgba(77, 171, 247, 0.16)' : 'rgba(34, 139, 230, 0.10)',
      textDark: dark ? '#e9ecef' : '#212529',
      textMedium: dark ? '#adb5bd' : '#495057',
      textLight: dark ? '#868e96' : '#868e96',
      textHeader: dark ? '#ced4da' : '#495057',
      textBubble: dark ? '#e9ecef' : '#212529',
      bgCell: dark ? '#242424' : '#ffffff',
      bgCellMedium: dark ? '#2e2e2e' : '#f8f9fa',
      bgHeader: dark ? '#2e2e2e' : '#f8f9fa',
      bgHeaderHasFocus: dark ? '#3b3b3b' : '#e9ecef',
      bgHeaderHovered: dark ? '#3b3b3b' : '#f1f3f5',
      bgBubble: dark ? '#3b3b3b' : '#e9ecef',
      bgBubbleSelected: dark ? '#4a4a4a' : '#dee2e6',
      borderColor: dark ? 'rgba(255,255,255,0.10)' : 'rgba(0,0,0,0.08)',
      horizontalBorderColor: dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.05)',
      linkColor: p[dark ? 4 : 7],
      fontFamily: font,
      baseFontStyle: '13px',
      headerFontStyle: '600 12px',
      markerFontStyle: '11px',
      cellHorizontalPadding: 8,
      cellVerticalPadding: 3,
    };
  }, [scheme, mt]);
}
