import { Group, Paper, Stack, Text, TextInput, UnstyledButton, useDirection } from '@mantine/core';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Icon, ICON_NAMES, type IconName } from '../../app/layout/icons';
import { copyText } from '../../app/lib/copy';
import { moveInGrid, searchIcons } from './iconSearch';

/** Width of one cell, px: the column count follows the grid's width. */
const CELL = 112;
const GRID_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

const Cell = memo(function Cell({ name, active, onPick }: { name: IconName; active: boolean; onPick: (n: IconName) => void }) {
  return (
    <UnstyledButton
      role="option" aria-selected={active} data-testid="icon-cell" data-name={name} tabIndex={-1} onClick={() => onPick(name)}
      style={{
        display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, padding: '12px 4px', borderRadius: 6,
        border: `1px solid ${active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Icon name={name} size={24} />
      <Text size="xs" dir="ltr" style={{ overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>{name}</Text>
    </UnstyledButton>
  );
});

/**
 * /DeveloperTool/IconSelect: the console's own icon set (src/app/layout/icons.tsx, declared once there). Type to
 * filter; the arrow keys move (from the search box too: ↑/↓), Enter or a click copies the icon's name.
 */
export function IconSelectScreen() {
  const intl = useIntl();
  const { dir } = useDirection();
  const rtl = dir === 'rtl' || document.documentElement.dir === 'rtl';
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [cols, setCols] = useState(6);
  const grid = useRef<HTMLDivElement>(null);
  const hits = useMemo(() => searchIcons(ICON_NAMES, query), [query]);

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    const el = grid.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => setCols(Math.max(1, Math.floor(e.contentRect.width / CELL))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    grid.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const pick = (name: IconName | undefined) => {
    if (name) void copyText(name);
  };
  const onKey = (e: KeyboardEvent, fromInput: boolean) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      pick(hits[active]);
      return;
    }
    // In the search box ← and → move the caret; ↑ and ↓ move in the grid.
    if (!GRID_KEYS.has(e.key) || (fromInput && !['ArrowUp', 'ArrowDown'].includes(e.key))) return;
    e.preventDefault();
    setActive((i) => moveInGrid(i, e.key, hits.length, cols, rtl));
  };

  return (
    <Stack gap="sm" data-testid="icon-select-screen">
      <Group gap="sm" align="flex-end">
        <TextInput
          autoFocus data-autofocus value={query} onChange={(e) => setQuery(e.currentTarget.value)} onKeyDown={(e) => onKey(e, true)}
          label={intl.formatMessage({ id: 'devtool.icons.search' })} placeholder={intl.formatMessage({ id: 'devtool.icons.placeholder' })}
          data-testid="icon-search" style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <Text size="sm" c="dimmed" data-testid="icon-count">
          {intl.formatMessage({ id: 'devtool.icons.count' }, { n: hits.length, total: ICON_NAMES.length })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'devtool.icons.hint' })}</Text>
      <Paper withBorder p="sm" radius="sm">
        {hits.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="icon-empty">{intl.formatMessage({ id: 'devtool.icons.empty' }, { q: query })}</Text>
        ) : null}
        <div
          ref={grid} role="listbox" tabIndex={0} aria-label={intl.formatMessage({ id: 'route.devtool.IconSelect' })} data-testid="icon-grid"
          aria-activedescendant={undefined} onKeyDown={(e) => onKey(e, false)}
          style={{ display: hits.length ? 'grid' : 'none', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap: 8, outline: 'none' }}
        >
          {hits.map((n, i) => <Cell key={n} name={n} active={i === active} onPick={(x) => { setActive(i); pick(x); }} />)}
        </div>
      </Paper>
    </Stack>
  );
}
