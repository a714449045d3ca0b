import { useEffect, useSyncExternalStore } from 'react';
import type { Choice } from '../../ui/ParamForm';

/**
 * Choices for params fields whose values come from data (roles, merchants, organisations): while a screen that
 * registered them is mounted, the generated forms (palette, hotkeys, grid actions) show a select for those keys
 * instead of a number box.
 *
 *   useParamChoices({ role_id: roleChoices, secondary_role_id: roleChoices });
 *
 * A form reads them live (useRegisteredChoices): a form opened while a screen's choices are still loading gets its
 * options when they arrive, instead of keeping the empty list it opened with.
 */
const stack: Array<Record<string, Choice[]>> = [];
const listeners = new Set<() => void>();
let merged: Record<string, Choice[]> = {};

const signature = (choices: Choice[]) => JSON.stringify(choices.map((c) => [c.value, c.label]));

/**
 * Merges the stack; a key whose options read the same keeps its array, and nothing is announced when no key changed.
 * A screen registers a fresh array each time its data is fetched again: handed to an open picker, a new array resets
 * the option the keyboard has highlighted, and the Enter meant for it would submit the form instead.
 */
function changed(): void {
  // The latest registration wins, but an empty list (still loading) does not hide another screen's loaded one.
  const next: Record<string, Choice[]> = {};
  for (const entry of stack) for (const [key, choices] of Object.entries(entry)) if (choices.length > 0 || !next[key]) next[key] = choices;
  let same = Object.keys(next).length === Object.keys(merged).length;
  for (const [key, choices] of Object.entries(next)) {
    const prev = merged[key];
    if (prev && (prev === choices || signature(prev) === signature(choices))) next[key] = prev;
    else same = false;
  }
  if (same) return;
  merged = next;
  for (const l of listeners) l();
}

export function paramChoices(): Record<string, Choice[]> {
  return merged;
}

export function registerParamChoices(choices: Record<string, Choice[]>): () => void {
  stack.push(choices);
  changed();
  return () => {
    const i = stack.lastIndexOf(choices);
    if (i >= 0) stack.splice(i, 1);
    changed();
  };
}

export function useParamChoices(choices: Record<string, Choice[]>): void {
  useEffect(() => registerParamChoices(choices), [choices]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered choices, re-rendering when a screen registers or drops some. */
export function useRegisteredChoices(): Record<string, Choice[]> {
  return useSyncExternalStore(subscribe, paramChoices, paramChoices);
}
