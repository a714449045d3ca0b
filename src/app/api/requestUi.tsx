import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { t } from '../intl/intl';
import { endLocalSession } from '../state/auth';
import { configureRequestUi, ERROR_MESSAGE_MS } from './request';

/** Spec §9: error message duration. */
export const ERROR_DURATION_MS = ERROR_MESSAGE_MS;

export function notifyError(message: string, durationMs = ERROR_DURATION_MS): void {
  notifications.show({ color: 'red', message, autoClose: durationMs, withBorder: true });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 3000, withBorder: true });
}

let sessionDialogOpen = false;

/**
 * Plugs the shell into the request layer: errors as notifications for 5 s; HTTP 412 (session ended by an
 * administrator, outside work period or terminal) as a confirm "go to login" / "cancel" — both sign out locally
 * and reload (spec §8), so the reload lands on /login with a redirect back. One dialog however many requests fail.
 * `reload` is replaceable for tests (jsdom can't reload); the token-code reload uses the same one.
 */
export function installRequestUi(reload: () => void = () => window.location.reload()): void {
  sessionDialogOpen = false;
  configureRequestUi({
    error: notifyError,
    t: (id) => t(id),
    reload,
    sessionEnded: (message) => {
      if (sessionDialogOpen) return;
      sessionDialogOpen = true;
      const leave = () => {
        endLocalSession();
        reload();
      };
      modals.openConfirmModal({
        title: t('shell.session.endedTitle'),
        children: <Text size="sm">{message || t('shell.session.endedText')}</Text>,
        labels: { confirm: t('shell.session.goLogin'), cancel: t('shell.common.cancel') },
        closeOnClickOutside: false,
        closeOnEscape: false,
        withCloseButton: false,
        onConfirm: leave,
        onCancel: leave,
      });
    },
  });
}
