import { notifications } from '@mantine/notifications';
import type { IntlShape } from 'react-intl';

import { t as shellT } from '../intl/intl';

/**
 * Notifications worded from the catalogue, usable outside React (command runner, copy helper, hotkeys).
 * Messages come from the page's one IntlShape (src/app/intl/intl.ts) unless an intl is passed.
 */

/** Words a message id; the id itself when no catalogue is loaded or the id is missing. */
export function t(id: string, values?: Record<string, string | number>, intl?: IntlShape | null): string {
  if (intl) return id in intl.messages ? String(intl.formatMessage({ id }, values)) : id;
  return shellT(id, values);
}

export type NotifyKind = 'success' | 'error' | 'info' | 'warning';
export type Notifier = (kind: NotifyKind, message: string) => void;

const COLORS: Record<NotifyKind, string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

/** Spec §9: error messages stay 5000 ms. */
export const ERROR_DURATION_MS = 5000;

let notifier: Notifier = (kind, message) => {
  notifications.show({ color: COLORS[kind], message, autoClose: kind === 'error' ? ERROR_DURATION_MS : 3000, withBorder: true });
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
  notifier(kind, t(id, values, intl));
}

/**
 * Where a command's success is confirmed: the shell's status line (one short line in place) when it is mounted, so
 * that a run of keyboard writes does not pile toasts over the work area; a toast otherwise. Errors stay toasts.
 */
export type StatusSink = (message: string) => void;

let statusSink: StatusSink | null = null;

/** The status line registers itself (null when it unmounts). Returns the previous sink. */
export function setStatusSink(next: StatusSink | null): StatusSink | null {
  const prev = statusSink;
  statusSink = next;
  return prev;
}

/** Confirms that something was done: in the status line, else as a success toast. */
export function notifyDone(message: string): void {
  if (statusSink) statusSink(message);
  else notifier('success', message);
}
