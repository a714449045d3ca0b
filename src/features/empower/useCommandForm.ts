import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { executeCommand, type Row } from '../../app/commands';
import { submitProblem } from '../../ui/serverIssues';

/**
 * The submit of a dialog that runs one registry command: busy while it runs, then closes on success; a refusal shows
 * at the form's fields (client zod issues and the server's 40000 issues alike) and anything else, or an issue about a
 * field the form does not show, in `general`. What was typed stays.
 */
export function useCommandForm(commandId: string, fields: readonly string[]) {
  const intl = useIntl();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (payload: Record<string, unknown>, selection: readonly Row[], done: () => void) => {
    if (busy) return;
    setBusy(true);
    setGeneral(null);
    try {
      await executeCommand(commandId, payload, { intl, selection, quietInvalid: true });
      done();
    } catch (err) {
      const f = submitProblem(intl, err, fields);
      setErrors(f.fields);
      setGeneral(f.message);
    } finally {
      setBusy(false);
    }
  };

  /** Forget the issues of fields the user has just changed. */
  const clearErrors = useCallback(
    (...keys: string[]) =>
      setErrors((cur) => (keys.some((k) => k in cur) ? Object.fromEntries(Object.entries(cur).filter(([k]) => !keys.includes(k))) : cur)),
    [],
  );

  return { errors, setErrors, clearErrors, general, busy, run };
}
