import { describe, expect, it } from 'vitest';
import { actionIndices, clampKeyState, initialKeyState, reduceKey, type KeyContext, type KeyInput, type KeyState } from './keyboard';

/** 1,000 rows of which 0..199 and 900..999 are loaded. */
const loaded = (i: number) => (i >= 0 && i < 200) || (i >= 900 && i < 1000);
const ctx: KeyContext = {
  rowCount: 1000,
  colCount: 5,
  pageRows: 20,
  isLoaded: loaded,
  loadedIn: (a, b) => Array.from({ length: b - a + 1 }, (_, k) => a + k).filter(loaded),
};

function press(keys: Array<string | KeyInput>, from: KeyState = initialKeyState) {
  let state = from;
  const effects: unknown[] = [];
  let handled = true;
  for (const k of keys) {
    const r = reduceKey(state, typeof k === 'string' ? { key: k } : k, ctx);
    state = r.state;
    handled = r.handled;
    if (r.effect) effects.push(r.effect);
  }
  return { state, effects, handled };
}

const sel = (s: KeyState) => [...s.selected].sort((a, b) => a - b);

describe('grid keyboard', () => {
  it('arrows and j/k move the cursor within the rows', () => {
    expect(press(['ArrowDown']).state.cursor).toBe(0);
    expect(press(['j', 'j', 'j', 'k']).state.cursor).toBe(1);
    expect(press(['ArrowUp', 'ArrowUp']).state.cursor).toBe(0);
    expect(press(['End', 'j']).state.cursor).toBe(999);
  });

  it('Home / End / PageUp / PageDown', () => {
    expect(press(['End']).state.cursor).toBe(999);
    expect(press(['End', 'Home']).state.cursor).toBe(0);
    expect(press(['j', 'PageDown']).state.cursor).toBe(19);
    expect(press(['j', 'PageDown', 'PageDown', 'PageUp']).state.cursor).toBe(19);
  });

  it('left / right move the cursor column within the columns', () => {
    expect(press(['ArrowRight', 'ArrowRight']).state.col).toBe(2);
    expect(press(['ArrowLeft']).state.col).toBe(0);
    expect(press(Array(9).fill('ArrowRight')).state.col).toBe(4);
  });

  it('Space toggles the cursor row; moving keeps the selection', () => {
    const { state } = press(['j', ' ', 'j', 'j', ' ', 'j']);
    expect(sel(state)).toEqual([0, 2]);
    expect(state.cursor).toBe(3);
    expect(sel(press([' '], state).state)).toEqual([0, 2, 3]);
    expect(sel(press([' ', ' '], state).state)).toEqual([0, 2]);
  });

  it('Shift extends from the anchor, over loaded rows only', () => {
    const s = press(['j', 'j', { key: 'ArrowDown', shiftKey: true }, { key: 'J', shiftKey: true }]).state;
    expect(sel(s)).toEqual([1, 2, 3]);
    const back = press([{ key: 'ArrowUp', shiftKey: true }, { key: 'ArrowUp', shiftKey: true }, { key: 'ArrowUp', shiftKey: true }], s).state;
    expect(sel(back)).toEqual([0, 1]);
    const far = press(['j', { key: 'End', shiftKey: true }]).state;
    expect(far.selected.size).toBe(300);
    expect(far.cursor).toBe(999);
  });

  it('Ctrl/Cmd+A selects the loaded rows; Escape clears', () => {
    const all = press(['j', { key: 'a', ctrlKey: true }]);
    expect(all.state.selected.size).toBe(300);
    expect(press([{ key: 'a', metaKey: true }]).state.selected.size).toBe(300);
    const cleared = press(['Escape'], all.state);
    expect(cleared.state.selected.size).toBe(0);
    expect(press(['Escape']).handled).toBe(false);
    expect(press(['a']).handled).toBe(false);
  });

  it('Enter opens the cursor row when it is loaded', () => {
    expect(press(['j', 'j', 'Enter']).effects).toEqual([{ type: 'open', row: 1 }]);
    expect(press(['j', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'Enter']).effects).toEqual([]);
    expect(press(['Enter']).effects).toEqual([]);
  });

  it('leaves other keys (Ctrl+C, Ctrl+J, letters, Alt) to the browser and the hotkeys', () => {
    expect(press([{ key: 'c', ctrlKey: true }]).handled).toBe(false);
    expect(press([{ key: 'j', ctrlKey: true }]).handled).toBe(false);
    expect(press(['x']).handled).toBe(false);
    expect(press([{ key: 'ArrowDown', altKey: true }]).handled).toBe(false);
  });

  it('does nothing on an empty grid', () => {
    expect(reduceKey(initialKeyState, { key: 'ArrowDown' }, { ...ctx, rowCount: 0 }).handled).toBe(false);
  });

  it('actions apply to the selection, else the loaded cursor row', () => {
    expect(actionIndices(press(['j', 'j', ' ', 'j', ' ']).state, loaded)).toEqual([1, 2]);
    expect(actionIndices(press(['j', 'j']).state, loaded)).toEqual([1]);
    expect(actionIndices(press(['j', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown']).state, loaded)).toEqual([]);
    expect(actionIndices(initialKeyState, loaded)).toEqual([]);
  });

  it('clamps the cursor and the selection when the rows shrink', () => {
    const s = press(['End', ' ', 'Home', ' ']).state;
    const c = clampKeyState(s, 100, 3);
    expect(c.cursor).toBe(0);
    expect(sel(c)).toEqual([0]);
    expect(clampKeyState(c, 100, 3)).toBe(c);
    expect(clampKeyState(press(['End']).state, 0, 3).cursor).toBeNull();
  });
});
