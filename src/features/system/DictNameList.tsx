import { Alert, Badge, Box, Center, CloseButton, Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { filterNames } from './dictForm';

export interface DictNameListProps {
  names: readonly string[];
  current: string | null;
  filter: string;
  onFilter: (v: string) => void;
  onPick: (name: string) => void;
  loading: boolean;
  error: string | null;
  /** Item count of the current dictionary, shown beside its name. */
  count?: number;
}

/** The dictionaries, filtered as one types; arrows move through the list, Enter in the filter opens the first match. */
export function DictNameList({ names, current, filter, onFilter, onPick, loading, error, count }: DictNameListProps) {
  const intl = useIntl();
  const shown = filterNames(names, filter);
  const listRef = useRef<HTMLDivElement>(null);
  const focusAt = (i: number) => listRef.current?.querySelectorAll<HTMLElement>('[data-dict-name]')[i]?.focus();

  const onListKey = (e: KeyboardEvent) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-dict-name]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)));
      items[next]?.focus();
      if (items[next]) onPick(items[next].dataset.dictName!);
    }
  };

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        size="xs"
        placeholder={intl.formatMessage({ id: 'system.dict.filter' })}
        aria-label={intl.formatMessage({ id: 'system.dict.filter' })}
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && shown[0]) {
            e.preventDefault();
            onPick(shown[0]);
          } else if (e.key === 'ArrowDown' && shown.length) {
            e.preventDefault();
            focusAt(Math.max(0, shown.indexOf(current ?? '')));
          }
        }}
        rightSection={filter ? <CloseButton size="xs" aria-label={intl.formatMessage({ id: 'list.reset' })} onClick={() => onFilter('')} /> : null}
        data-testid="dict-filter"
      />
      {error && <Alert color="red" p="xs" role="alert">{error}</Alert>}
      {loading && !names.length && <Center py="md"><Loader size="xs" /></Center>}
      {!loading && !error && shown.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">{intl.formatMessage({ id: 'common.noData' })}</Text>
      )}
      <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto" offsetScrollbars>
        <Box ref={listRef} onKeyDown={onListKey} role="listbox" aria-label={intl.formatMessage({ id: 'system.dict.names' })} data-testid="dict-names">
          {shown.map((n) => (
            <NavLink
              key={n}
              component="button"
              type="button"
              role="option"
              aria-selected={n === current}
              data-dict-name={n}
              active={n === current}
              label={<Text size="sm" ff="monospace" truncate="end">{n}</Text>}
              rightSection={n === current && count !== undefined ? <Badge size="xs" variant="light" circle={count < 10}>{intl.formatNumber(count)}</Badge> : null}
              onClick={() => onPick(n)}
              py={6}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          ))}
        </Box>
      </ScrollArea.Autosize>
    </Stack>
  );
}
