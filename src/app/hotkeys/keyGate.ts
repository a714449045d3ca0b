/**
 * The key gate: keys typed at full speed while a dialog opens or closes, or while a screen is not ready, are held in
 * a queue (capture phase, before hotkeys-js, React and the screens see them) and replayed in order once the place they
 * were meant for is there:
 *
 * - opening: from the key that opens a dialog until one of its fields has the focus; the held keys then go into that
 *   field (characters inserted, Backspace, Tab to the next field, Enter submitting, Esc closing);
 * - closing: from a dialog's submit (or Esc) until the dialog has closed; the held keys then go to the page (hotkeys);
 *   when the submit fails the dialog stays and they go into its focused field;
 * - busy: while a screen says it is not ready (the case the keys would act on is not shown yet), keys meant for the
 *   page wait; keys typed into a field or a dialog are not held.
 *
 * A replayed key never presses a button (no synthesised click), so a held Enter cannot confirm something the user has
 * not seen; it submits only the form field it was typed into.
 */

import { dialogOpen, typingTarget } from './dom';

export interface HeldKey {
  key: string;
  code: string;
  keyCode: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** When it was pressed (the event's timeStamp, on performance.now()'s clock). */
  at: number;
}

type Phase =
  | { kind: 'free' }
  | { kind: 'opening'; id: number; since: number; expectField: boolean; settledAt: number | null }
  | { kind: 'closing'; id: number; since: number; pending: boolean; failed: boolean; settledAt: number | null; limit: number };

/** A dialog that has not taken the focus by then is not coming (or has no field): the keys go where the focus is. */
export const OPEN_TIMEOUT_MS = 2500;
/** After a command ran, a dialog it opens is on screen within this (React commit + the modal's first frame). */
export const SETTLE_MS = 60;
/** A dialog still open this long after Esc stays (Esc closed a dropdown in it): the keys go into it. */
export const CLOSE_TIMEOUT_MS = 800;
/**
 * A dialog still open this long after a successful submit stays (a form that does not close): the keys go into it.
 * Long enough for a busy machine to re-render the screen and run the modal's closing transition.
 */
export const SAVED_CLOSE_TIMEOUT_MS = 4000;
/** A screen busy for longer is treated as ready (a stuck flag must not swallow the keyboard). */
export const BUSY_MAX_MS = 8000;
/** A submit that takes longer releases the keys (they go where the focus is then). */
export const SUBMIT_MAX_MS = 20_000;
const QUEUE_MAX = 200;
const POLL_MS = 16;
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS', 'Hyper', 'Super']);

let phase: Phase = { kind: 'free' };
let nextId = 1;
const queue: HeldKey[] = [];
const busy = new Map<string, number>();
/** Events the gate dispatched, with when their key was really pressed. */
const replayed = new WeakMap<Event, number>();
let timer: ReturnType<typeof setTimeout> | null = null;
let installedOn: Window | null = null;
let now: () => number = () => Date.now();

function snapshot(e: KeyboardEvent): HeldKey {
  return { key: e.key, code: e.code, keyCode: e.keyCode || e.which || 0, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey, at: e.timeStamp };
}

function inDialog(el: Element | null): boolean {
  return !!el?.closest?.('[role="dialog"], [role="alertdialog"], [aria-modal="true"]');
}

function active(): Element | null {
  return typeof document === 'undefined' ? null : document.activeElement;
}

function isBusy(): boolean {
  const t = now();
  for (const [name, since] of busy) if (t - since > BUSY_MAX_MS) busy.delete(name);
  return busy.size > 0;
}

/** Keys aimed at a field or a dialog are the user's typing there, never held for the screen. */
function aimedAtPage(el: Element | null): boolean {
  return !(typingTarget(el) || inDialog(el));
}

function onKeyDown(e: KeyboardEvent): void {
  if (replayed.has(e) || e.isComposing || MODIFIERS.has(e.key)) return;
  const target = (e.target as Element | null) ?? active();
  const hold = phase.kind !== 'free' || queue.length > 0 || (isBusy() && aimedAtPage(target));
  if (hold) {
    e.preventDefault();
    e.stopImmediatePropagation();
    if (queue.length < QUEUE_MAX) queue.push(snapshot(e));
    schedule();
    return;
  }
  // Esc in a dialog closes it: what follows is meant for the page once it is gone.
  if (e.key === 'Escape' && inDialog(target)) startClosing(false);
}

function onFocusIn(): void {
  if (phase.kind !== 'free' || queue.length) pump();
}

/** Installs the gate on the page (once; the signed-in layout's hotkeys do it). Returns the uninstaller. */
export function installKeyGate(win: Window = window): () => void {
  if (installedOn) return () => undefined;
  installedOn = win;
  win.addEventListener('keydown', onKeyDown, true);
  win.addEventListener('focusin', onFocusIn, true);
  return () => {
    win.removeEventListener('keydown', onKeyDown, true);
    win.removeEventListener('focusin', onFocusIn, true);
    installedOn = null;
    resetKeyGate();
  };
}

/** Back to nothing held (tests; sign-out). */
export function resetKeyGate(): void {
  phase = { kind: 'free' };
  queue.length = 0;
  busy.clear();
  if (timer) clearTimeout(timer);
  timer = null;
}

/** For tests: a clock. */
export function setKeyGateClock(fn: () => number): void {
  now = fn;
}

/** What is held now (tests, diagnostics). */
export function keyGateState(): { phase: Phase['kind']; held: string[]; busy: string[] } {
  return { phase: phase.kind, held: queue.map((k) => k.key), busy: [...busy.keys()] };
}

/**
 * A key is about to run an action (a hotkey): hold what follows until the action has run and the dialog it opens, if
 * any, has a focused field. Call `settle` with the returned id when the action's call returned.
 */
export function holdForAction(): number {
  const id = nextId++;
  phase = { kind: 'opening', id, since: now(), expectField: false, settledAt: null };
  return id;
}

/** The running action opens a dialog: wait for its field however long the action takes (up to OPEN_TIMEOUT_MS). */
export function expectDialog(): void {
  if (phase.kind === 'opening') phase.expectField = true;
  else if (phase.kind === 'free') phase = { kind: 'opening', id: nextId++, since: now(), expectField: true, settledAt: null };
}

/** The action behind `holdForAction(id)` returned (its dialog may still be opening). */
export function settle(id: number): void {
  if (phase.kind === 'opening' && phase.id === id && phase.settledAt === null) {
    phase.settledAt = now();
    schedule();
  }
}

function startClosing(pending: boolean): number {
  const id = nextId++;
  phase = { kind: 'closing', id, since: now(), pending, failed: false, settledAt: pending ? null : now(), limit: pending ? SAVED_CLOSE_TIMEOUT_MS : CLOSE_TIMEOUT_MS };
  schedule();
  return id;
}

/**
 * A dialog's form submits: keys typed from now are held until the dialog has closed (then they go to the page), or,
 * when the submit fails, the dialog stays and they go into its field. Returns the same promise.
 */
export function submitting<T>(work: Promise<T>): Promise<T> {
  const id = startClosing(true);
  const done = (failed: boolean) => {
    if (phase.kind !== 'closing' || phase.id !== id) return;
    phase.pending = false;
    phase.failed = failed;
    phase.settledAt = now();
    schedule();
  };
  work.then(() => done(false), () => done(true));
  return work;
}

/** A screen is (not) ready for keys aimed at it, e.g. the case the keys act on is still loading. */
export function setBusy(name: string, on: boolean): void {
  if (on) {
    if (!busy.has(name)) busy.set(name, now());
  } else if (busy.delete(name)) schedule();
}

function schedule(): void {
  if (timer || typeof setTimeout === 'undefined') return;
  timer = setTimeout(() => {
    timer = null;
    pump();
  }, POLL_MS);
}

/** Decides whether the held keys can go now, and where. */
export function pump(): void {
  const t = now();
  const focus = active();
  if (phase.kind === 'opening') {
    const focusInDialog = inDialog(focus) && dialogOpen();
    // A field has the focus; or the dialog announced (or the action done) has focused something else of its own.
    const arrived = focusInDialog && (typingTarget(focus) || phase.expectField || phase.settledAt !== null);
    const noDialog = phase.settledAt !== null && !phase.expectField && t - phase.settledAt >= SETTLE_MS && !dialogOpen();
    if (arrived || noDialog || t - phase.since > OPEN_TIMEOUT_MS) phase = { kind: 'free' };
  } else if (phase.kind === 'closing') {
    if (phase.pending) {
      if (t - phase.since > SUBMIT_MAX_MS) phase = { kind: 'free' };
    } else if (phase.failed || !dialogOpen() || t - (phase.settledAt ?? phase.since) > phase.limit) {
      phase = { kind: 'free' };
    }
  }
  if (phase.kind === 'free') drain();
  if (phase.kind !== 'free' || queue.length) schedule();
}

function drain(): void {
  while (queue.length && phase.kind === 'free') {
    const el = active();
    if (isBusy() && aimedAtPage(el)) return;
    deliver(queue.shift()!, el instanceof Element ? el : null);
  }
}

function keyEvent(type: 'keydown' | 'keyup', k: HeldKey): KeyboardEvent {
  const e = new KeyboardEvent(type, { key: k.key, code: k.code, shiftKey: k.shiftKey, ctrlKey: k.ctrlKey, altKey: k.altKey, metaKey: k.metaKey, bubbles: true, cancelable: true });
  // hotkeys-js reads keyCode, which a constructed event leaves at 0.
  Object.defineProperty(e, 'keyCode', { get: () => k.keyCode });
  Object.defineProperty(e, 'which', { get: () => k.keyCode });
  replayed.set(e, k.at);
  return e;
}

/**
 * When the user pressed a key the gate held and replays now (performance.now()'s clock); undefined for any other
 * event. A screen that must not act on a key pressed before it showed its item compares this with when it did.
 */
export function pressedAt(e: Event): number | undefined {
  return replayed.get(e);
}

/** Dispatches the key as a keydown + keyup on `el`; true when a handler took it (preventDefault). */
function dispatch(el: EventTarget, k: HeldKey): boolean {
  const down = keyEvent('keydown', k);
  el.dispatchEvent(down);
  el.dispatchEvent(keyEvent('keyup', k));
  return down.defaultPrevented;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

function insertText(el: TextField, text: string): void {
  let start = el.value.length;
  let end = start;
  try {
    start = el.selectionStart ?? start;
    end = el.selectionEnd ?? end;
  } catch {
    // inputs without a selection (number, email) take the text at the end
  }
  if (el.maxLength > 0 && el.value.length - (end - start) + text.length > el.maxLength) return;
  const next = el.value.slice(0, start) + text + el.value.slice(end);
  setValue(el, next, start + text.length);
}

function setValue(el: TextField, value: string, caret: number): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // The prototype's setter, so that React's value tracker sees a change and fires onChange.
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  try {
    el.setSelectionRange(caret, caret);
  } catch {
    // no selection on this input type
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])')]
    .filter((n) => !(n as HTMLInputElement).disabled && n.tabIndex >= 0);
}

const NOT_TEXT = /^(checkbox|radio|button|submit|reset|file|image|range|color)$/i;

/** A field that takes typed text (not a checkbox, a select or a contenteditable). */
function textual(el: Element): boolean {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !NOT_TEXT.test(el.type));
}

function printable(k: HeldKey): boolean {
  return k.key.length === 1 && !k.ctrlKey && !k.metaKey && !k.altKey;
}

/** One held key, replayed where the focus is now. */
function deliver(k: HeldKey, el: Element | null): void {
  const target: Element = el ?? document.body;
  if (!textual(target)) {
    dispatch(target, k);
    if (k.key === 'Escape' && inDialog(target)) startClosing(false);
    return;
  }
  const field = target as TextField;
  if (k.key === 'Escape') {
    dispatch(field, k);
    if (inDialog(field)) startClosing(false);
    return;
  }
  if (dispatch(field, k)) return;
  if (printable(k)) insertText(field, k.key);
  else if (k.key === 'Backspace') {
    const s = field.selectionStart ?? field.value.length;
    const e = field.selectionEnd ?? s;
    if (s !== e) setValue(field, field.value.slice(0, s) + field.value.slice(e), s);
    else if (s > 0) setValue(field, field.value.slice(0, s - 1) + field.value.slice(s), s - 1);
  } else if (k.key === 'Enter') {
    if (field instanceof HTMLTextAreaElement) insertText(field, '\n');
    else field.form?.requestSubmit();
  } else if (k.key === 'Tab') {
    const root = field.closest('[role="dialog"], form') ?? document.body;
    const list = focusables(root);
    const at = list.indexOf(field as HTMLElement);
    list[(at + (k.shiftKey ? -1 : 1) + list.length) % list.length]?.focus();
  }
}
