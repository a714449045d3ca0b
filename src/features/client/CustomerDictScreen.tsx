import { Anchor, Badge, Button, Grid, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openPath } from '../../app/router/openPath';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { openCommandForm, runInteractive, useCommandDone, useScreenSelection, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { session } from '../../app/state/session';
import { CUSTOMER_DICTS, type CustomerDict } from '../../schemas/client';
import type { DictItem } from '../../schemas/system';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { optionWord } from './columns';

const SCREEN = 'client.clientDict';
const LIST = byId.get(SCREEN)!.api!;

interface Page<R> {
  rows: R[];
  total: number;
}

/**
 * Spec /client/clientDict: the dictionaries behind customer fields (gender, marital status, education, relation,
 * religion, income level, company size) and their items. Read here; an account holding the dictionary actions
 * (system.dict add / edit / delete) edits them in place with those same commands.
 */
export default function CustomerDictScreen() {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const publish = useScreenSelection(SCREEN);
  const [current, setCurrent] = useState<CustomerDict>(CUSTOMER_DICTS[0]);
  const [selected, setSelected] = useState<DictItem[]>([]);
  const items = useRemote((signal) => api.call<Page<DictItem>>(LIST, { dict_name: current, size: 500 }, { silent: true, signal }), [current]);
  useCommandDone(() => items.reload(), 'system.dict.');

  const may = (id: string) => can(nodes as string[], byId.get(id)?.permission ?? null);
  const mayOpenDict = may('system.dict');
  const rows = items.data?.rows ?? [];
  const selection = selected.filter((s) => rows.some((r) => r.id === s.id));
  const asRows = (r: DictItem[]) => r as unknown as Row[];

  const pick = (name: CustomerDict) => {
    setCurrent(name);
    setSelected([]);
    publish([]);
  };
  const onSelected = (next: DictItem[]) => {
    setSelected(next);
    publish(asRows(next));
  };

  const columns = useMemo<Column<DictItem>[]>(() => [
    { key: 'value', title: 'field.value', width: 100, render: (r) => <Text size="sm" ff="monospace">{r.value}</Text> },
    {
      key: 'label', title: 'field.label',
      render: (r) => <Badge variant="light" radius="sm" tt="none" fw={500} color={r.el_tag_color?.label || 'gray'}>{r.label}</Badge>,
    },
    { key: 'name', title: 'field.name', render: (r) => r.name || <Text span c="dimmed" size="sm">—</Text> },
    { key: 'sort', title: 'field.sort', width: 90, render: (r) => intl.formatNumber(r.sort) },
    {
      key: 'enabled', title: 'field.enabled', width: 110,
      render: (r) => <Badge size="sm" variant="dot" color={r.enabled ? 'teal' : 'gray'} tt="none" fw={500}>{intl.formatMessage({ id: r.enabled ? 'field.enabled' : 'field.disabled' })}</Badge>,
    },
  ], [intl]);

  const add = () => {
    const cmd = byId.get('system.dict.add')!;
    const sort = rows.reduce((m, r) => Math.max(m, r.sort), -1) + 1;
    void openCommandForm(cmd, [], { intl, initial: { dict_name: current, sort, enabled: true } });
  };

  return (
    <Grid gap="sm" data-testid="customer-dict-screen">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Paper withBorder radius="md" p="xs">
          <Text fw={600} size="sm" px="xs" py={4}>{intl.formatMessage({ id: 'system.dict.names' })}</Text>
          {CUSTOMER_DICTS.map((name) => (
            <NavLink key={name} active={name === current} onClick={() => pick(name)} data-testid={`customer-dict-${name}`}
              label={optionWord(intl, 'dict_name', name)} description={<Text span size="xs" ff="monospace" c="dimmed">{name}</Text>} />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">{optionWord(intl, 'dict_name', current)}</Text>
                <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'list.total' }, { count: rows.length })}</Text>
              </Group>
              <Group gap="xs">
                {may('system.dict.add') && <Button size="xs" onClick={add}>{intl.formatMessage({ id: 'action.system.dict.add' })}</Button>}
                {may('system.dict.edit') && (
                  <Button size="xs" variant="default" disabled={selection.length !== 1}
                    onClick={() => void runInteractive('system.dict.edit', { intl, selection: asRows(selection) })}>
                    {intl.formatMessage({ id: 'action.system.dict.edit' })}
                  </Button>
                )}
                {may('system.dict.del') && (
                  <Button size="xs" variant="light" color="red" disabled={selection.length !== 1}
                    onClick={() => void runInteractive('system.dict.del', { intl, selection: asRows(selection) })}>
                    {intl.formatMessage({ id: 'action.system.dict.del' })}
                  </Button>
                )}
                <Button size="xs" variant="subtle" color="gray" onClick={items.reload}>{intl.formatMessage({ id: 'list.refresh' })}</Button>
              </Group>
            </Group>
            <RecordTable<DictItem>
              label={optionWord(intl, 'dict_name', current)}
              columns={columns}
              rows={rows}
              loading={items.loading}
              error={items.error}
              selectable
              selected={selection.map((s) => s.id)}
              onSelectedChange={onSelected}
              onOpen={may('system.dict.edit') ? (r) => void runInteractive('system.dict.edit', { intl, selection: asRows([r]) }) : undefined}
            />
            {mayOpenDict && (
              <Anchor size="xs" onClick={() => openPath('/system/dict')} component="button" type="button">
                {intl.formatMessage({ id: 'client.dict.openAll' })}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
