import { notifications } from '@mantine/notifications';
import type { IntlShape } from 'react-intl';

/**
 * The bridge from code outside React (command runner, copy helper) to the user's language and to notifications.
 * `CommandHotkeys` and `CommandPalette` bind the app's intl on mount (`useBindIntl`), so code that runs
 * from a hotkey, a window event or a timer words its messages in the current language.
 */
let bound: IntlShape | null = null;

export function bindIntl(intl: IntlShape | null): void {
  bound = intl;
}

export function boundIntl(): IntlShape | null {
  return bound;
}

/** Words a message id in the bound language; the id itself when nothing is bound or the id is missing. */
export function t(id: string, values?: Record<string, string | number>, intl: IntlShape | null = bound): string {
  if (!intl) return id;
  if (!(id in intl.messages)) return id;
  return String(intl.formatMessage({ id }, values));
}

export type NotifyKind = 'success' | 'error' | 'info' | 'warning';
export type Notifier = (kind: NotifyKind, message: string) => void;

const COLORS: Record<NotifyKind, string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

/** Spec §9: error messages stay 5000 ms. */
export const ERROR_DURATION_MS = 5000;

let notifier: Notifier = (kind, message) => {
  notifications.show({ color: COLORS[kind], message, autoClose: kind === 'error' ? ERROR_DURATION_MS : 3000 });
};

/** Replaces how notifications are shown (tests pass a sink). Returns the previous notifier. */
export function setNotifier(next: Notifier): Notifier {
  const prev = notifier;
  notifier = next;
  return prev;
}

/** Shows a ready-worded message (e.g. a server msg). */
export function notifyText(kind: NotifyKind, message: string): void {
  notifier(kind, message);
}

/** Shows a catalogue message. */
export function notify(kind: NotifyKind, id: string, values?: Record<string, string | number>, intl?: IntlShape | null): void {
  notifier(kind, t(id, values, intl ?? bound));
}
