import { Box, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { OPEN_END_DAY } from '../../schemas/collectionSetup';
import { rangeLabel } from './setup.api';

/** The days the timeline shows: a month before the due date to two months after it. */
export const TIMELINE_FROM = -30;
export const TIMELINE_TO = 60;
const SPAN = TIMELINE_TO - TIMELINE_FROM + 1;
const TICKS = [-30, -15, 0, 15, 30, 45, 60];

export interface TimelineStage {
  id: number;
  name: string;
  min_day: number;
  max_day: number;
  enabled: boolean;
  reminder: boolean;
}

const pos = (day: number) => `${((Math.min(Math.max(day, TIMELINE_FROM), TIMELINE_TO + 1) - TIMELINE_FROM) / SPAN) * 100}%`;

/** Runs of consecutive days (within the timeline) for which `test(day)` holds, as [from, to]. */
function runs(test: (day: number) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let d = TIMELINE_FROM; d <= TIMELINE_TO; d++) {
    if (!test(d)) continue;
    const last = out[out.length - 1];
    if (last && last[1] === d - 1) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

/**
 * A small picture of a merchant's stage ranges from D-30 to day 60, one lane per stage (disabled ones dashed), the
 * due date marked, and under it the days no enabled stage covers and the days two enabled stages share (which the
 * server refuses). `draft` is a stage being edited: it replaces its saved version (or is added) so that the dialog
 * shows what the save would give.
 */
export function StageTimeline({ stages, draft }: { stages: readonly TimelineStage[]; draft?: TimelineStage | null }) {
  const intl = useIntl();
  const lanes = useMemo(() => {
    const list = draft ? [...stages.filter((s) => s.id !== draft.id), draft] : [...stages];
    return list.sort((a, b) => a.min_day - b.min_day || a.id - b.id);
  }, [stages, draft]);
  const enabled = lanes.filter((s) => s.enabled);
  const cover = (d: number) => enabled.filter((s) => d >= s.min_day && d <= s.max_day).length;
  const gaps = runs((d) => cover(d) === 0);
  const overlaps = runs((d) => cover(d) > 1);
  const fmt = (r: Array<[number, number]>) => r.map(([a, b]) => rangeLabel(intl, a, b)).join(', ');

  return (
    <Stack gap={4} data-testid="stage-timeline" aria-label={intl.formatMessage({ id: 'collectionSetup.timeline.title' })} role="group">
      <Box pos="relative" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {/* Gaps and overlaps, day by day. */}
        <Box pos="relative" h={6} mb={4}>
          {overlaps.map(([a, b]) => (
            <Box key={`o${a}`} pos="absolute" top={0} h={6} data-testid="timeline-overlap"
              style={{ insetInlineStart: pos(a), width: `calc(${pos(b + 1)} - ${pos(a)})`, background: 'var(--mantine-color-red-6)', borderRadius: 2 }} />
          ))}
          {gaps.map(([a, b]) => (
            <Box key={`g${a}`} pos="absolute" top={2} h={2} data-testid="timeline-gap"
              style={{ insetInlineStart: pos(a), width: `calc(${pos(b + 1)} - ${pos(a)})`, background: 'var(--mantine-color-gray-4)' }} />
          ))}
        </Box>
        <Box pos="absolute" top={0} bottom={0} style={{ insetInlineStart: pos(0), borderInlineStart: '2px solid var(--mantine-color-orange-5)' }} aria-hidden />
        <Stack gap={3} pb={4}>
          {lanes.map((s) => {
            const outside = s.min_day > TIMELINE_TO || s.max_day < TIMELINE_FROM;
            const open = s.max_day > TIMELINE_TO;
            const color = s.reminder ? 'yellow' : 'blue';
            return (
              <Box key={s.id} pos="relative" h={18}>
                <Box pos="absolute" top={0} h={18} data-testid="timeline-bar" data-stage={s.name}
                  title={`${s.name}: ${rangeLabel(intl, s.min_day, s.max_day)}`}
                  style={{
                    insetInlineStart: outside ? (s.min_day > TIMELINE_TO ? `calc(100% - 4px)` : 0) : pos(s.min_day),
                    width: outside ? 4 : `calc(${pos(Math.min(s.max_day, TIMELINE_TO) + 1)} - ${pos(s.min_day)})`,
                    minWidth: 4,
                    background: s.enabled ? `var(--mantine-color-${color}-${s === draft ? 5 : 2})` : 'transparent',
                    border: s.enabled ? `1px solid var(--mantine-color-${color}-6)` : '1px dashed var(--mantine-color-gray-5)',
                    borderStartEndRadius: open ? 0 : 4, borderEndEndRadius: open ? 0 : 4, borderStartStartRadius: 4, borderEndStartRadius: 4,
                    overflow: 'hidden', paddingInline: 4,
                  }}>
                  <Text size="10px" lh="16px" truncate c={s.enabled ? undefined : 'dimmed'}>{s.name}{open ? ' →' : ''}</Text>
                </Box>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Box pos="relative" h={14} aria-hidden>
        {TICKS.map((d) => (
          <Text key={d} size="10px" c="dimmed" pos="absolute" top={0} w={40} ta="center" style={{ insetInlineStart: pos(d), marginInlineStart: -20 }}>
            <span dir="ltr">{d === 0 ? 'D0' : d < 0 ? `D${d}` : `+${d}`}</span>
          </Text>
        ))}
      </Box>
      <Group gap="md">
        {overlaps.length > 0 && (
          <Text size="xs" c="red" data-testid="timeline-overlaps">{intl.formatMessage({ id: 'collectionSetup.timeline.overlaps' }, { ranges: fmt(overlaps) })}</Text>
        )}
        {gaps.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="timeline-gaps">{intl.formatMessage({ id: 'collectionSetup.timeline.gaps' }, { ranges: fmt(gaps) })}</Text>
        )}
        {enabled.some((s) => s.max_day >= OPEN_END_DAY) && (
          <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'collectionSetup.timeline.openEnd' })}</Text>
        )}
      </Group>
    </Stack>
  );
}
