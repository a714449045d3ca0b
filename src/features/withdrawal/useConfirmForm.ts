import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { openCommandForm, useCommandUi } from '../../app/commands';

/**
 * Confirm for the customer (y) from the keyboard: the form opens with its note field focused, holding the usual
 * consent sentence selected — Enter confirms with it, typing replaces it — so a confirmation is y, Enter.
 */
export function useConfirmForm(screen: string): void {
  const intl = useIntl();
  const id = `${screen}.confirmWithdrawal`;
  useCommandUi(id, ({ selection }) => {
    const cmd = byId.get(id);
    if (!cmd) return undefined;
    const done = openCommandForm(cmd, selection, { intl, initial: { ...selection[0], note: intl.formatMessage({ id: 'withdrawal.confirm.defaultNote' }) } });
    selectNoteWhenFocused();
    return done;
  });
}

/** The modal focuses the note a frame or two after it opens; select its text then, so typing replaces it. */
function selectNoteWhenFocused(): void {
  let tries = 0;
  const timer = setInterval(() => {
    const el = document.activeElement;
    if (el instanceof HTMLInputElement && el.name === 'note' && el.closest('[data-testid="param-form"]')) {
      el.select();
      clearInterval(timer);
    } else if (++tries > 40) clearInterval(timer);
  }, 15);
}
