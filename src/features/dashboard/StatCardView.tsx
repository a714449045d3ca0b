import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { session } from '../../app/state/session';
import { formatRelative, formatTime } from '../../app/lib/time';
import { CopyText } from '../../ui/CopyText';
import type { StatCard } from './dashboardCards';
import classes from './dashboard.module.css';

/** A figure with its title and note; opens the list behind it when the session may open that screen. */
export function StatCardView({ card }: { card: StatCard }) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const target = card.to ? byId.get(card.to) : undefined;
  const canOpen = !!target?.route && can(nodes as string[], target.permission);
  const title = intl.formatMessage({ id: card.title });

  const body = (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} truncate="end">{title}</Text>
      {card.lastLogin !== undefined ? (
        card.lastLogin ? (
          <>
            <Text fw={600} size="lg" title={formatTime(card.lastLogin.at)}>
              {formatRelative(card.lastLogin.at, (id, values) => intl.formatMessage({ id }, values))}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'field.ip' })}</Text>
              <CopyText text={card.lastLogin.ip} size="xs" c="dimmed" ff="monospace" />
            </Group>
          </>
        ) : (
          <>
            <Text fw={600} size="lg">{intl.formatMessage({ id: 'dashboard.firstLogin' })}</Text>
            <Text size="xs" c="dimmed">&nbsp;</Text>
          </>
        )
      ) : (
        <>
          <Text fw={600} fz={26} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`stat-${card.key}`}>
            {card.value === null ? '' : intl.formatNumber(card.value)}
          </Text>
          <Text size="xs" c={card.alert ? 'red' : 'dimmed'}>
            {card.note
? intl.formatMessage({ id: card.note.id }, card.note.values) : '\u00a0'}
          </Text>
        </>
      )}
    </Stack>
  );

  if (!canOpen) return <Paper withBorder p="sm" radius="md" h="100%">{body}</Paper>;
  return (
    <Paper withBorder radius="md" h="100%" className={classes.link}>
      <UnstyledButton
        component={Link}
        href={target!.route!}
        p="sm"
        w="100%"
        h="100%"
        display="block"
        aria-label={`${title}: ${card.value === null ? '' : intl.formatNumber(card.value)}`}
      >
        {body}
      </UnstyledButton>
    </Paper>
  );
}

export function StatCardSkeleton() {
  return (
    <Paper withBorder p="sm" radius="md">
      <Skeleton h={10} w="50%" mb={8} />
      <Skeleton h={24} w="40%" mb={6} />
      <Skeleton h={8} w="60%" />
    </Paper>
  );
}
