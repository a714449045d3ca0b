import { Badge } from '@mantine/core';
import { LABEL_COLOR_KEY } from './dictForm';

/** An item's label as the screens show it: a tag in the item's label colour (el_tag_color.label), grey without one. */
export function DictTag({ label, colors }: { label: string; colors?: Record<string, string> | null }) {
  const color = colors?.[LABEL_COLOR_KEY];
  return (
    <Badge variant="light" color={color || 'gray'} radius="sm" tt="none" fw={500} style={{ maxWidth: '100%' }}>
      {label}
    </Badge>
  );
}
