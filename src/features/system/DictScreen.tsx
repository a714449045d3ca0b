import { Badge, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useCommandUi, type CommandDoneDetail, type Row } from '../../app/commands';
import { session } from '../../app/state/session';
import type { DictItem } from '../../schemas/system';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { DictItemDialog } from './DictItemDialog';
import { DictNameList } from './DictNameList';
import { DictTag } from './DictTag';
import { nextSort } from './dictForm';
import { dictState } from './dict.state';
import { getDictItems, getDictNames } from './system.api';

const SCREEN = 'system.dict';
const asRows = (rows: readonly DictItem[]) => rows as unknown as Row[];
const NO_NAMES: string[] = [];
const NO_ITEMS: DictItem[] = [];

/** Spec §3 dictionary entries: the dictionaries on the left, the items of the chosen one on the right. */
export default function DictScreen() {
  const intl = useIntl();
  // sync: the filter is a text input, and an async update would move its caret.
  const { current, filter } = useSnapshot(dictState, { sync: true });
  const { nodes } = useSnapshot(session);
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; item: DictItem | null } | null>(null);

  const names = useRemote((signal) => getDictNames(signal), []);
  const nameList = names.data ?? NO_NAMES;
  useEffect(() => {
    // A fresh list of names: keep the dictionary shown if it is still there, else show the first.
    if (names.data && (!dictState.current || !names.data.includes(dictState.current))) dictState.current = names.data[0] ?? null;
  }, [names.data]);

  const itemList = useRemote((signal) => (current ? getDictItems(current, signal) : Promise.resolve(NO_ITEMS)), [current]);
  const items = (current && itemList.data) || NO_ITEMS;
  // Rows still there after a reload stay selected (an edit keeps its row selected; a delete drops it).
  const sel = useRowSelection(SCREEN, items);

  const pick = (name: string) => {
    if (name === dictState.current) return;
    dictState.current = name;
    sel.clear();
  };

  // The screen's own dialog for add and edit, whichever way they are started (button, palette, hotkey).
  useCommandUi('system.dict.add', () => setDialog({ mode: 'add', item: null }));
  useCommandUi('system.dict.edit', ({ selection }) => {
    const row = items.find((r) => r.id === Number(selection[0]?.id)) ?? (selection[0] as unknown as DictItem);
    setDialog({ mode: 'edit', item: row });
  });

  useCommandDone((d: CommandDoneDetail) => {
    const saved = d.result as DictItem | null;
    if (d.id === 'system.dict.del') sel.clear();
    if (saved && typeof saved === 'object' && saved.dict_name && saved.dict_name !== dictState.current) {
      dictState.current = saved.dict_name;
    }
    names.reload();
    itemList.reload();
  }, 'system.dict.');

  const columns = useMemo<Column<DictItem>[]>(() => [
    { key: 'value', title: 'field.value', width: 110, render: (r) => <Text size="sm" ff="monospace">{r.value}</Text> },
    { key: 'label', title: 'field.label', render: (r) => <DictTag label={r.label} colors={r.el_tag_color} /> },
    { key: 'name', title: 'field.name', render: (r) => r.name || <Text span c="dimmed" size="sm">—</Text> },
    {
      key: 'el_tag_color', title: 'field.el_tag_color', width: 140,
      render: (r) => {
        const entries = Object.entries(r.el_tag_color ?? {});
        if (!entries.length) return <Text span c="dimmed" size="sm">—</Text>;
        return (
          <Group gap={6} wrap="nowrap">
            {entries.map(([k, c]) => (
              <Tooltip key={k} label={`${k}: ${c}`} withArrow>
                <Group gap={4} wrap="nowrap">
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: 3, background: c, display: 'inline-block', border: '1px solid var(--mantine-color-default-border)' }} />
                  <Text span size="xs" ff="monospace" c="dimmed" dir="ltr">{c}</Text>
                </Group>
              </Tooltip>
            ))}
          </Group>
        );
      },
    },
    { key: 'sort', title: 'field.sort', width: 80, render: (r) => intl.formatNumber(r.sort) },
    {
      key: 'enabled', title: 'field.enabled', width: 100,
      render: (r) => (
        <Badge size="sm" variant="dot" color={r.enabled ? 'teal' : 'gray'} tt="none" fw={500}>
          {intl.formatMessage({ id: r.enabled ? 'field.enabled' : 'field.disabled' })}
        </Badge>
      ),
    },
  ], [intl]);

  const canEdit = can(nodes as string[], byId.get('system.dict.edit')!.permission);

  return (
    <Grid gap="sm" data-testid="dict-screen">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} size="sm" mb="xs">{intl.formatMessage({ id: 'system.dict.names' })}</Text>
          <DictNameList
            names={nameList}
            current={current}
            filter={filter}
            onFilter={(v) => (dictState.filter = v)}
            onPick={pick}
            loading={names.loading}
            error={names.error}
            count={itemList.loading ? undefined : items.length}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text fw={600} size="sm">{intl.formatMessage({ id: 'system.dict.items' })}</Text>
                {current && <Text size="sm" ff="monospace" c="dimmed" truncate="end">{current}</Text>}
              </Group>
              <CommandToolbar screen={SCREEN}>
                <Button size="xs" variant="subtle" color="gray" onClick={itemList.reload} disabled={!current}>
                  {intl.formatMessage({ id: 'list.refresh' })}
                </Button>
              </CommandToolbar>
            </Group>
            <RecordTable<DictItem>
              label={intl.formatMessage({ id: 'system.dict.items' })}
              columns={columns}
              rows={items}
              loading={itemList.loading}
              error={itemList.error}
              selectable
              selected={sel.selectedIds}
              onSelectedChange={sel.onSelectedChange}
              onOpen={canEdit ? (row) => void runInteractive('system.dict.edit', { intl, selection: asRows([row]) }) : undefined}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <DictItemDialog
        mode={dialog?.mode ?? null}
        item={dialog?.item ?? null}
        dictName={current ?? ''}
        names={nameList}
        sort={nextSort(items)}
        onClose={() => setDialog(null)}
        onSaved={() => undefined}
      />
    </Grid>
  );
}
