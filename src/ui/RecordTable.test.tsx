// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RecordTable, type Column } from './RecordTable';
import { renderUi } from './testing';

type R = { id: number; name: string };
const ROWS: R[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => ({ id: i + 1, name }));
const COLUMNS: Column<R>[] = [{ key: 'name', title: 'field.name' }];

/** A controlled table, as the screens hold it (useRowSelection). */
function Harness({ selectable = true, initial = [], onOpen }: { selectable?: boolean; initial?: number[]; onOpen?: (r: R) => void }) {
  const [selected, setSelected] = useState<number[]>(initial);
  return (
    <RecordTable<R>
      label="Things"
      columns={COLUMNS}
      rows={ROWS}
      selectable={selectable}
      selected={selected}
      onSelectedChange={(rows) => setSelected(rows.map((r) => r.id))}
      onOpen={onOpen}
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  renderUi(<Harness {...props} />);
  const table = screen.getByRole('table', { name: 'Things' });
  const row = (name: string) => within(table).getByText(name).closest('tr')!;
  const selected = () =>
    within(table)
      .getAllByRole('row')
      .filter((tr) => tr.getAttribute('aria-selected') === 'true')
      .map((tr) => tr.textContent);
  const key = (k: string, init: Record<string, unknown> = {}) => fireEvent.keyDown(table, { key: k, ...init });
  return { table, row, selected, key };
}

describe('RecordTable click selection', () => {
  it('a click selects that row alone', () => {
    const { row, selected } = setup({ initial: [1, 2] });
    fireEvent.click(row('c'));
    expect(selected()).toEqual(['c']);
  });

  it('Ctrl+click and Cmd+click toggle one row, keeping the others', () => {
    const { row, selected } = setup();
    fireEvent.click(row('b'));
    fireEvent.click(row('d'), { ctrlKey: true });
    expect(selected()).toEqual(['b', 'd']);
    fireEvent.click(row('f'), { metaKey: true });
    expect(selected()).toEqual(['b', 'd', 'f']);
    fireEvent.click(row('b'), { ctrlKey: true });
    expect(selected()).toEqual(['d', 'f']);
  });

  it('Shift+click selects the range from the anchor to the clicked row, either way', () => {
    const { row, selected } = setup();
    fireEvent.click(row('b'));
    fireEvent.click(row('e'), { shiftKey: true });
    expect(selected()).toEqual(['b', 'c', 'd', 'e']);
    // The anchor stays at b: a second Shift+click re-draws the range from b.
    fireEvent.click(row('a'), { shiftKey: true });
    expect(selected()).toEqual(['a', 'b']);
  });

  it('the row toggled last with Ctrl/Cmd is the anchor; Ctrl+Shift+click adds the range', () => {
    const { row, selected } = setup();
    fireEvent.click(row('a'));
    fireEvent.click(row('d'), { ctrlKey: true });
    fireEvent.click(row('f'), { shiftKey: true });
    expect(selected()).toEqual(['d', 'e', 'f']);

    fireEvent.click(row('a'));
    fireEvent.click(row('e'), { ctrlKey: true });
    fireEvent.click(row('f'), { ctrlKey: true, shiftKey: true });
    expect(selected()).toEqual(['a', 'e', 'f']);
  });

  it('Shift+click with no anchor yet starts from the cursor row (the first)', () => {
    const { row, selected } = setup();
    fireEvent.click(row('c'), { shiftKey: true });
    expect(selected()).toEqual(['a', 'b', 'c']);
  });

  it('Shift+click on a checkbox adds the range; a plain checkbox click toggles', () => {
    const { selected } = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'select 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'select 5' }));
    expect(selected()).toEqual(['b', 'e']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'select 2' }), { shiftKey: true });
    expect(selected()).toEqual(['b', 'c', 'd', 'e']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'select 3' }));
    expect(selected()).toEqual(['b', 'd', 'e']);
  });

  it('"select all" selects every row, and again none', () => {
    const { selected } = setup({ initial: [2] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'select all' }));
    expect(selected()).toHaveLength(ROWS.length);
    fireEvent.click(screen.getByRole('checkbox', { name: 'select all' }));
    expect(selected()).toEqual([]);
  });

  it('Shift+mousedown and a double click do not select the page text; a plain mousedown is left alone', () => {
    const { table, row } = setup();
    // fireEvent returns false when the handler called preventDefault.
    expect(fireEvent.mouseDown(row('c'), { shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(table);
    expect(fireEvent.mouseDown(row('c'), { detail: 2 })).toBe(false);
    expect(fireEvent.mouseDown(row('c'))).toBe(true);
    expect(fireEvent.mouseDown(row('c'), { ctrlKey: true })).toBe(true);
  });

  it('a double click opens the row', () => {
    const onOpen = vi.fn();
    const { row } = setup({ onOpen });
    fireEvent.doubleClick(row('d'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[3]);
  });
});

describe('RecordTable keyboard selection', () => {
  it('arrows and j/k move the cursor and select the row under it', () => {
    const { key, selected } = setup();
    key('ArrowDown');
    expect(selected()).toEqual(['b']);
    key('j');
    expect(selected()).toEqual(['c']);
    key('k');
    key('ArrowUp');
    expect(selected()).toEqual(['a']);
    key('ArrowUp'); // stays at the first row
    expect(selected()).toEqual(['a']);
  });

  it('Shift+arrows and Shift+J/K extend from the anchor, and shrink back', () => {
    const { key, selected } = setup();
    key('ArrowDown'); // b: the anchor
    key('ArrowDown', { shiftKey: true });
    key('J', { shiftKey: true });
    expect(selected()).toEqual(['b', 'c', 'd']);
    key('K', { shiftKey: true });
    expect(selected()).toEqual(['b', 'c']);
    key('ArrowUp', { shiftKey: true });
    key('ArrowUp', { shiftKey: true });
    expect(selected()).toEqual(['a', 'b']);
  });

  it('Home/End jump; Shift+End selects to the last row', () => {
    const { key, selected } = setup();
    key('End');
    expect(selected()).toEqual(['f']);
    key('Home');
    expect(selected()).toEqual(['a']);
    key('ArrowDown');
    key('ArrowDown');
    key('End', { shiftKey: true });
    expect(selected()).toEqual(['c', 'd', 'e', 'f']);
  });

  it('Space toggles the cursor row and makes it the anchor; Shift extends from there', () => {
    const { key, row, selected } = setup();
    fireEvent.click(row('b'));
    key('ArrowDown', { shiftKey: true });
    key('ArrowDown', { shiftKey: true });
    expect(selected()).toEqual(['b', 'c', 'd']);
    key(' ');
    expect(selected()).toEqual(['b', 'c']);
    key(' ');
    expect(selected()).toEqual(['b', 'c', 'd']);
    key('ArrowDown', { shiftKey: true });
    expect(selected()).toEqual(['d', 'e']);
  });

  it('keys move the cursor from a clicked row; Shift+click then keys keep the anchor', () => {
    const { key, row, selected } = setup();
    fireEvent.click(row('c'));
    key('ArrowDown');
    expect(selected()).toEqual(['d']);
    fireEvent.click(row('f'), { shiftKey: true });
    expect(selected()).toEqual(['d', 'e', 'f']);
    key('ArrowUp', { shiftKey: true });
    expect(selected()).toEqual(['d', 'e']);
  });

  it('Enter opens the cursor row', () => {
    const onOpen = vi.fn();
    const { key } = setup({ onOpen });
    key('ArrowDown');
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('Space and Enter on a row checkbox are left to the checkbox', () => {
    const onOpen = vi.fn();
    const { selected } = setup({ onOpen });
    const box = screen.getByRole('checkbox', { name: 'select 3' });
    act(() => box.focus());
    expect(fireEvent.keyDown(box, { key: ' ' })).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(selected()).toEqual([]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('Ctrl+J, Alt+K and other keys are not the table\'s', () => {
    const { key, selected } = setup();
    expect(key('j', { ctrlKey: true })).toBe(true);
    expect(key('k', { altKey: true })).toBe(true);
    expect(key('x')).toBe(true);
    expect(selected()).toEqual([]);
  });

  it('without `selectable`, keys move the cursor and select nothing', () => {
    const onOpen = vi.fn();
    const { key, table } = setup({ selectable: false, onOpen });
    key('ArrowDown');
    key('ArrowDown', { shiftKey: true });
    key(' ');
    expect(within(table).queryAllByRole('row').filter((tr) => tr.getAttribute('aria-selected') === 'true')).toEqual([]);
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith(ROWS[2]);
  });
});
