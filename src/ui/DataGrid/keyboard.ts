/**
 * The grid's keyboard contract (the same as RecordTable's, plus paging): a pure reducer over the cursor and the
 * selection, so it is tested without a canvas.
 *
 *   ArrowDown / j, ArrowUp / k   move the cursor row (Shift extends the selection from the anchor)
 *   ArrowLeft / ArrowRight        move the cursor column (what "copy cell" copies)
 *   Home / End (also Ctrl+)       first / last row (the last row of a million is one request away)
 *   PageDown / PageUp             a screenful
 *   Space                         toggle the cursor row's selection
 *   Enter                         open the cursor row
 *   Ctrl/Cmd+A                    select every loaded row
 *   Escape                        clear the selection
 *
 * Rows are selected explicitly; while nothing is selected, actions apply to the cursor row (see `actionRows`), so
 * a hotkey acts on the row the user is looking at, and Space builds a multi-row selection across moves.
 */
export interface KeyState {
  /** Cursor row (display index), null before the first move. */
  cursor: number | null;
  /** Cursor column (display index). */
  col: number;
  /** Where a Shift extension starts. */
  anchor: number | null;
  /** Selected display indices (only rows that were loaded when selected). */
  selected: ReadonlySet<number>;
}

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface KeyContext {
  rowCount: number;
  colCount: number;
  /** Rows in view (PageUp/PageDown). */
  pageRows: number;
  isLoaded: (i: number) => boolean;
  /** Loaded display indices within [from, to], ascending. */
  loadedIn: (from: number, to: number) => number[];
}

export type KeyEffect = { type: 'open'; row: number } | null;

export interface KeyResult {
  state: KeyState;
  /** The key was ours: prevent the default and glide's own handling. */
  handled: boolean;
  effect: KeyEffect;
  /** Bring the cursor into view. */
  scroll: boolean;
}

export const initialKeyState: KeyState = { cursor: null, col: 0, anchor: null, selected: new Set() };

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function moveTo(state: KeyState, to: number, extend: boolean, ctx: KeyContext): KeyState {
  const cursor = clamp(to, 0, ctx.rowCount - 1);
  if (!extend) return { ...state, cursor, anchor: cursor };
  const from = state.anchor ?? state.cursor ?? cursor;
  const [a, b] = from < cursor ? [from, cursor] : [cursor, from];
  return { ...state, cursor, anchor: from, selected: new Set(ctx.loadedIn(a, b)) };
}

export function reduceKey(state: KeyState, input: KeyInput, ctx: KeyContext): KeyResult {
  const none: KeyResult = { state, handled: false, effect: null, scroll: false };
  if (ctx.rowCount <= 0 || input.altKey) return none;
  const mod = !!(input.ctrlKey || input.metaKey);
  const shift = !!input.shiftKey;
  const cur = state.cursor;
  const move = (to: number, extend = shift): KeyResult => ({ state: moveTo(state, to, extend, ctx), handled: true, effect: null, scroll: true });
  const page = Math.max(1, ctx.pageRows - 1);

  switch (input.key) {
    case 'ArrowDown':
      return move(cur === null ? 0 : cur + 1);
    case 'ArrowUp':
      return move(cur === null ? 0 : cur - 1);
    case 'j':
    case 'J':
      return mod ? none : move(cur === null ? 0 : cur + 1);
    case 'k':
    case 'K':
      return mod ? none : move(cur === null ? 0 : cur - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(ctx.rowCount - 1);
    case 'PageDown':
      return move(cur === null ? 0 : cur + page);
    case 'PageUp':
      return move(cur === null ? 0 : cur - page);
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (mod || ctx.colCount <= 0) return none;
      const col = clamp(state.col + (input.key === 'ArrowRight' ? 1 : -1), 0, ctx.colCount - 1);
      return { state: { ...state, col, cursor: cur ?? 0, anchor: state.anchor ?? cur ?? 0 }, handled: true, effect: null, scroll: true };
    }
    case ' ':
    case 'Spacebar': {
      if (mod) return none;
      const at = cur ?? 0;
      if (!ctx.isLoaded(at)) return { state: { ...state, cursor: at }, handled: true, effect: null, scroll: false };
      const selected = new Set(state.selected);
      if (selected.has(at)) selected.delete(at);
      else selected.add(at);
      return { state: { ...state, cursor: at, anchor: at, selected }, handled: true, effect: null, scroll: false };
    }
    case 'Enter':
      if (cur === null || !ctx.isLoaded(cur)) return { ...none, handled: cur !== null };
      return { state, handled: true, effect: { type: 'open', row: cur }, scroll: false };
    case 'a':
    case 'A':
      if (!mod) return none;
      return { state: { ...state, selected: new Set(ctx.loadedIn(0, ctx.rowCount - 1)) }, handled: true, effect: null, scroll: false };
    case 'Escape':
      if (!state.selected.size) return none;
      return { state: { ...state, selected: new Set(), anchor: state.cursor }, handled: true, effect: null, scroll: false };
    default:
      return none;
  }
}

/** The rows an action applies to: the selection, else the cursor row when it is loaded. */
export function actionIndices(state: KeyState, isLoaded: (i: number) => boolean): number[] {
  if (state.selected.size) return [...state.selected].sort((a, b) => a - b);
  return state.cursor !== null && isLoaded(state.cursor) ? [state.cursor] : [];
}

/** After the row count shrank (a reload, an exact count): keep the cursor and selection inside. */
export function clampKeyState(state: KeyState, rowCount: number, colCount: number): KeyState {
  const cursor = state.cursor === null || rowCount === 0 ? null : Math.min(state.cursor, rowCount - 1);
  const col = Math.max(0, Math.min(state.col, Math.max(0, colCount - 1)));
  const outside = [...state.selected].some((i) => i >= rowCount);
  if (cursor === state.cursor && col === state.col && !outside) return state;
  return { ...state, cursor, col, anchor: state.anchor === null ? null : Math.min(state.anchor, Math.max(0, rowCount - 1)),
    selected: outside ? new Set([...state.selected].filter((i) => i < rowCount)) : state.selected };
}
