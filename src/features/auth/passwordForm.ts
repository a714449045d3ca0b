import { changePasswordBody } from '../../schemas/auth';
import { issueMessage, type IssueMessage } from '../../schemas/validation';

export interface PasswordDraft {
  old_pwd: string;
  new_pwd: string;
  confirm: string;
}

export const EMPTY_PASSWORD: PasswordDraft = { old_pwd: '', new_pwd: '', confirm: '' };

/**
 * Client checks of the change-password form, as message ids by field: the server's own rules (required, length)
 * and the confirmation, which only the client knows about.
 */
export function checkPassword(d: PasswordDraft): Record<string, IssueMessage> {
  const out: Record<string, IssueMessage> = {};
  const res = changePasswordBody.safeParse({ old_pwd: d.old_pwd, new_pwd: d.new_pwd });
  if (!res.success) {
    for (const i of res.error.issues) {
      const m = issueMessage(i);
      if (!out[m.path]) out[m.path] = m;
    }
  }
  if (!d.confirm) out.confirm = { path: 'confirm', id: 'validation.required', values: {} };
  else if (d.new_pwd !== d.confirm) out.confirm = { path: 'confirm', id: 'auth.personal.pwdMismatch', values: {} };
  else if (d.new_pwd && d.new_pwd === d.old_pwd && !out.new_pwd) out.new_pwd = { path: 'new_pwd', id: 'auth.personal.pwdSame', values: {} };
  return out;
}
