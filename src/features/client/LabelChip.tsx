import { Badge, Group } from '@mantine/core';
import type { LabelChip as Chip } from '../../schemas/client';

/** A customer label in its colour (spec §3 customer label: label_name, mark_color). */
export function LabelChip({ name, color, size = 'sm' }: { name: string; color?: string | null; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge size={size} radius="sm" tt="none" fw={500} variant="filled" color={color || 'gray'} style={{ maxWidth: '100%' }} data-testid="label-chip">
      {name}
    </Badge>
  );
}

export function LabelChips({ labels }: { labels: readonly Chip[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {labels.map((l) => <LabelChip key={l.id} name={l.name} color={l.color} size="xs" />)}
    </Group>
  );
}
