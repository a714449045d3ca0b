import { ActionIcon, Badge, Button, Collapse, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../../app/layout/icons';
import { useDict } from '../../../app/lib/dict';
import { formatMoney } from '../../../app/lib/format';
import { formatTime } from '../../../app/lib/time';
import { EDITABLE_FIELDS, type CallTarget, type DetailSection, type EditableFieldName } from '../../../schemas/customer';
import { CopyText } from '../../../ui/CopyText';
import { FieldEditor } from '../../../ui/FieldEditor';
import { useDetail } from './DetailContext';
import classes from './detail.module.css';

/** `word(id, fallback)`: the catalogue's text, or the fallback (a raw value) when the id is not there. */
export function useWord(): (id: string, fallback?: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return useCallback(
    (id, fallback, values) => (id in intl.messages ? intl.formatMessage({ id }, values) : fallback ?? id),
    [intl],
  );
}

/** A coded value (status, kind, direction) in words: `customer.<group>.<value>`, else the value itself. */
export function Coded({ group, value }: { group: string; value: string | null | undefined }) {
  const word = useWord();
  if (value === null || value === undefined || value === '') return <Dash />;
  return <>{word(`customer.${group}.${value}`, value)}</>;
}

/** A value worded by an option list of the catalogue (`option.<dict>.<value>`), the same words every list uses. */
export function OptionText({ dict, value }: { dict: string; value: string | null | undefined }) {
  const word = useWord();
  if (value === null || value === undefined || value === '') return <Dash />;
  return <>{word(`option.${dict}.${value}`, value)}</>;
}

export const Dash = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** Text that stays left to right inside an Arabic page (numbers, codes, times). */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <span dir="ltr" style={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
      {children}
    </span>
  );
}

/** Money in the currency's format for the language, kept left to right so that a Latin symbol (NT$, US$) stays whole. */
export function Money({ minor, currency }: { minor: number | null | undefined; currency: string }) {
  if (minor === null || minor === undefined) return <Dash />;
  return <Ltr>{formatMoney(minor, { currency, minor: true })}</Ltr>;
}

export function Time({ value, date }: { value: string | null | undefined; date?: boolean }) {
  if (!value) return <Dash />;
  return <Ltr>{formatTime(value, date ? 'YYYY-MM-DD' : undefined)}</Ltr>;
}

export function YesNo({ value }: { value: boolean }) {
  const word = useWord();
  return (
    <Badge size="xs" radius="sm" variant={value ? 'light' : 'outline'} color={value ? 'teal' : 'gray'} tt="none" style={{ minWidth: 'max-content' }}>
      {word(value ? 'customer.yes' : 'customer.no')}
    </Badge>
  );
}

export function Dict({ name, value }: { name: string; value: string | null | undefined }) {
  const dict = useDict(name);
  if (value === null || value === undefined || value === '') return <Dash />;
  return <>{dict.label(value)}</>;
}

/** A phone number with copy and call buttons (the call goes through the call dialog and is logged). */
export function Phone({ phone, target, contactId, name }: { phone: string; target: CallTarget; contactId?: number; name: string }) {
  const { call } = useDetail();
  const word = useWord();
  if (!phone) return <Dash />;
  const label = word('customer.call.button', undefined, { name });
  return (
    <Group gap={2} wrap="nowrap" display="inline-flex">
      <Ltr><CopyText text={phone} /></Ltr>
      <Tooltip label={label} withArrow openDelay={400}>
        <ActionIcon variant="subtle" color="teal" size="xs" aria-label={label} data-testid="call-button"
          onClick={() => call({ target, contactId, name, phone })}>
          <Icon name="phone" size={12} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A copyable id or number. */
export function Copy({ text }: { text: string | number | null | undefined }) {
  if (text === null || text === undefined || text === '') return <Dash />;
  return <Ltr><CopyText text={String(text)} /></Ltr>;
}

/**
 * An editable customer field (spec §4 field editor flow) of the whitelist in src/schemas/customer.ts: text, date
 * yyyy-MM-dd or dictionary choice; read-only for accounts without the edit node.
 */
export function Editable({ field, value, render }: { field: EditableFieldName; value: string | number | null | undefined; render?: (v: string | null | undefined) => ReactNode }) {
  const { canEdit, saveField } = useDetail();
  const word = useWord();
  const def = EDITABLE_FIELDS[field] as { kind: 'text' | 'date' | 'dict'; dict?: string };
  const v = value === null || value === undefined ? '' : String(value);
  return (
    <span data-field={field}>
      <FieldEditor
        value={v}
        kind={def.kind}
        dictName={def.dict}
        label={word(`customer.field.${field}`)}
        disabled={!canEdit}
        save={(next) => saveField(field, next)}
        render={render}
      />
    </span>
  );
}

/** A dense grid of label/value pairs. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className={classes.fields}>{children}</dl>;
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const word = useWord();
  const text = word(label);
  return (
    <div className={classes.field} data-testid={testId}>
      <dt className={classes.fieldLabel} title={text}>
        {text}
      </dt>
      <dd className={classes.fieldValue}>
        {/* Each value keeps its own direction (a Latin label or a number inside an Arabic page), aligned with the page. */}
        <span dir="auto" className={classes.bidi}>{children}</span>
      </dd>
    </div>
  );
}

export interface MiniColumn<R> {
  key: string;
  /** Message id of the header. */
  title: string;
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Let the cell wrap (long text: SMS, addresses, remarks); other cells stay on one line. */
  wrap?: boolean;
}

/** Rows shown before a table scrolls inside its card (its header stays). */
const SCROLL_ROWS = 12;

/** A compact table for a section's rows, with the catalogue's "no data" when empty (spec §8 暂无数据). */
export function MiniTable<R extends object>({ columns, rows, label, rowKey, empty }: {
  columns: MiniColumn<R>[];
  rows: readonly R[];
  label: string;
  rowKey?: (r: R, i: number) => string | number;
  /** Message id when there are no rows (default 暂无数据). */
  empty?: string;
}) {
  const word = useWord();
  if (!rows.length) return <NoData id={empty} />;
  return (
    <div className={classes.tableWrap} data-scroll={rows.length > SCROLL_ROWS || undefined}>
      <Table striped highlightOnHover stickyHeader verticalSpacing={3} horizontalSpacing={8} fz="xs" aria-label={word(label)}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width} style={{ textAlign: c.align ?? 'start', whiteSpace: 'nowrap' }}>
                {word(c.title)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={rowKey ? rowKey(r, i) : String((r as { id?: unknown }).id ?? i)}>
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align ?? 'start', whiteSpace: c.wrap ? 'normal' : 'nowrap', minWidth: c.wrap ? 200 : undefined }}>
                  {c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? '')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function NoData({ id = 'common.noData' }: { id?: string }) {
  const word = useWord();
  return (
    <Text size="sm" c="dimmed" ta="center" py={6} data-testid="no-data">
      {word(id)}
    </Text>
  );
}

/** "Showing n of total" and a button for the next page of a capped list. */
export function LoadMore({ shown, total, capped, loading, onMore }: { shown: number; total: number; capped: boolean; loading: boolean; onMore?: () => void }) {
  const word = useWord();
  if (!total) return null;
  return (
    <Group justify="space-between" gap="xs" mt={4}>
      <Text size="xs" c="dimmed">
        {word(capped ? 'customer.list.shownCapped' : 'customer.list.shown', undefined, { shown, total })}
      </Text>
      {onMore && (
        <Button size="compact-xs" variant="default" loading={loading} onClick={onMore}>
          {word('customer.list.more')}
        </Button>
      )}
    </Group>
  );
}

/** A collapsible card of the view, anchored by its section id (the side navigation and [ ] jump to it). */
export function SectionCard({ id, title, count, collapsed, onToggle, children, extra }: {
  id: DetailSection;
  title: string;
  count?: number | string | null;
  collapsed: boolean;
  onToggle: (id: DetailSection) => void;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const word = useWord();
  const text = word(title);
  return (
    <Paper withBorder radius="sm" id={`cd-${id}`} className={classes.card} data-section={id} data-testid={`section-${id}`} component="section" aria-label={text}>
      <Group gap={4} wrap="nowrap" pe={8}>
        <button type="button" className={classes.cardHeader} aria-expanded={!collapsed} aria-controls={`cd-${id}-body`} onClick={() => onToggle(id)} data-section-toggle={id}>
          <span className={classes.chevron} data-collapsed={collapsed || undefined}>
            <Icon name="chevronDown" size={14} />
          </span>
          <Text span fw={600} size="sm">
            {text}
          </Text>
          {count !== undefined && count !== null && count !== '' && (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              {count}
            </Badge>
          )}
        </button>
        {extra}
      </Group>
      <Collapse expanded={!collapsed} id={`cd-${id}-body`}>
        <div className={classes.cardBody}>{children}</div>
      </Collapse>
    </Paper>
  );
}
