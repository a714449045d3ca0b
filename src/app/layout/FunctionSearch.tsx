import { useEffect, useMemo, useState } from 'react';
import { Combobox, Kbd, Text, TextInput, useCombobox } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useT } from '../intl/useT';
import { session } from '../state/session';
import { Icon } from './icons';
import { searchScreens } from '../palette/screenSearch';
import { useOpenPath } from '../router/openPath';

/** Spec §9: search box 400 px. */
export const SEARCH_WIDTH = 400;

/**
 * Spec §2 top-bar function search: typed text against the translated titles of the searchable screens the
 * session can see, ranked by the palette's matcher (close matches only); empty input lists nothing; Enter or a
 * click jumps to the screen.
 */
export function FunctionSearch() {
  const t = useT();
  const { nodes } = useSnapshot(session);
  const [value, setValue] = useState('');
  const openPath = useOpenPath();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = useMemo(() => searchScreens(value, nodes, t), [value, nodes, t]);

  useEffect(() => {
    // Enter takes the best match without arrowing to it first.
    if (hits.length) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hits]);

  const jump = (id: string) => {
    const hit = hits.find((h) => h.cmd.id === id);
    combobox.closeDropdown();
    setValue('');
    if (hit?.cmd.route) openPath(hit.cmd.route);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={jump} withinPortal>
      <Combobox.Target>
        <TextInput
          className="function-search"
          w={SEARCH_WIDTH}
          size="sm"
          radius="md"
          value={value}
          placeholder={t('shell.topbar.search')}
          aria-label={t('shell.topbar.search')}
          leftSection={<Icon name="search" size={16} />}
          data-testid="function-search"
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => value && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setValue('');
              combobox.closeDropdown();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim()}>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} data-testid="function-search-results">
          {hits.length === 0 ? (
            <Combobox.Empty>{t('shell.topbar.searchEmpty')}</Combobox.Empty>
          ) : (
            hits.map((h) => (
              <Combobox.Option value={h.cmd.id} key={h.cmd.id}>
                <Text size="sm" truncate="end">{h.label}</Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
        {hits.length > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed"><Kbd size="xs">↵</Kbd> {t('shell.topbar.searchHint')}</Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
