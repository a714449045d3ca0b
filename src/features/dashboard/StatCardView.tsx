import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { session } from '../../app/state/session';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { formatRelative, formatTime } from '../../app/lib/time';
import { CopyText } from '../../ui/CopyText';
import type { CardLink, StatCard } from './dashboardCards';
import { Sparkline } from './Sparkline';
import classes from './dashboard.module.css';

const percent = (intl: IntlShape, v: number, signed = false) =>
  intl.formatNumber(v, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' });

/** Amounts from this many major units read compact on a card ("₫1.17B"); the full amount is the value's title. */
const COMPACT_FROM = 100_000;

/**
 * A card's value as it reads: a count with the locale's grouping, money in its currency (compact when large, unless
 * `full`), a rate as a percentage.
 */
export function formatCardValue(intl: IntlShape, card: Pick<StatCard, 'unit' | 'currency'>, v: number, signed = false, full = false): string {
  if (card.unit === 'rate') return percent(intl, v, signed);
  if (card.unit === 'money') {
    const major = v / 10 ** (card.currency ? currencyDigits(card.currency) : 2);
    const compact = !full && card.currency && Math.abs(major) >= COMPACT_FROM;
    const text = compact
      ? intl.formatNumber(Math.abs(major), { style: 'currency', currency: card.currency, notation: 'compact', maximumSignificantDigits: 3 })
      : formatMoney(Math.abs(v), { currency: card.currency, minor: true, locale: intl.locale });
    return v < 0 ? `−${text}` : signed && v > 0 ? `+${text}` : text;
  }
  return intl.formatNumber(v, { signDisplay: signed ? 'exceptZero' : 'auto' });
}

/** The href of the first link the session may open (a screen with a route and a permission it holds). */
export function cardHref(links: readonly CardLink[] | undefined, nodes: readonly string[]): string | null {
  for (const l of links ?? []) {
    const target = byId.get(l.to);
    if (target?.route && can(nodes, target.permission)) return l.query ? `${target.route}?${l.query}` : target.route;
  }
  return null;
}

function noteText(intl: IntlShape, card: StatCard): string {
  if (!card.note) return '\u00a0';
  const values: Record<string, number | string> = { ...card.note.values };
  for (const [k, how] of Object.entries(card.note.format ?? {})) {
    const v = Number(values[k]);
    values[k] = how === 'percent' ? percent(intl, v) : how === 'money' ? formatCardValue(intl, { unit: 'money', currency: card.currency }, v) : intl.formatNumber(v);
  }
  return intl.formatMessage({ id: card.note.id }, values);
}

/** A figure with its title, the change from the day before, a sparkline and a note; opens the report or list behind it. */
export function StatCardView({ card }: { card: StatCard }) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const href = cardHref(card.links, nodes as string[]);
  const title = intl.formatMessage({ id: card.title }, card.titleValues);
  const value = card.value === null ? '–' : formatCardValue(intl, card, card.value);
  // On hover: a rate's parts, an amount in full.
  const hover = card.ratio ? `${intl.formatNumber(card.ratio.num)} / ${intl.formatNumber(card.ratio.den)}`
    : card.unit === 'money' && card.value !== null ? formatCardValue(intl, card, card.value, false, true) : undefined;
  const delta = card.delta;
  const deltaColor = !delta || delta.value === 0 ? 'dimmed' : (delta.value > 0) === (delta.good === 'up') ? 'teal' : 'red';

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
          <Text fw={600} fz={26} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`stat-${card.key}`} title={hover} truncate="end">
            {value}
          </Text>
          {delta && (
            <Text size="xs" c={deltaColor} data-testid={`delta-${card.key}`}>
              {intl.formatMessage({ id: delta.label === 'yesterday' ? 'dashboard.vsYesterday' : 'dashboard.vsPrevious' },
                { delta: formatCardValue(intl, card, delta.value, true) })}
            </Text>
          )}
          <Text size="xs" c={card.alert ? 'red' : 'dimmed'} truncate="end">{noteText(intl, card)}</Text>
          {card.spark && <Sparkline points={card.spark} />}
        </>
      )}
    </Stack>
  );

  if (!href) return <Paper withBorder p="sm" radius="md" h="100%" data-testid={`card-${card.key}`}>{body}</Paper>;
  return (
    <Paper withBorder radius="md" h="100%" className={classes.link} data-testid={`card-${card.key}`}>
      <UnstyledButton component={Link} href={href} p="sm" w="100%" h="100%" display="block" aria-label={`${title}: ${value}`}>
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
