import { useEffect } from 'react';
import type { Choice } from '../../ui/ParamForm';

/**
 * Choices for params fields whose values come from data (roles, merchants, organisations): while a screen that
 * registered them is mounted, the generated forms (palette, hotkeys, grid actions) show a select for those keys
 * instead of a number box.
 *
 *   useParamChoices({ role_id: roleChoices, secondary_role_id: roleChoices });
 */
const stack: Array<Record<string, Choice[]>> = [];

export function paramChoices(): Record<string, Choice[]> {
  return Object.assign({}, ...stack);
}

export function registerParamChoices(choices: Record<string, Choice[]>): () => void {
  stack.push(choices);
  return () => {
    const i = stack.lastIndexOf(choices);
    if (i >= 0) stack.splice(i, 1);
  };
}

export function useParamChoices(choices: Record<string, Choice[]>): void {
  useEffect(() => registerParamChoices(choices), [choices]);
}
