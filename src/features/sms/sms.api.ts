import { api } from '../../app/api/request';
import { COMMAND_DONE_EVENT, type CommandDoneDetail } from '../../app/commands';
import { SMS_API, type SmsOptions, type SmsTaskCreated, type SmsTaskProgress } from '../../schemas/sms';
import { useRemote } from '../../ui/useRemote';

/** The calls of the SMS screens (routes in src/server/modules/sms/sms.routes.ts). */
export const smsOptions = (signal?: AbortSignal) => api.get<SmsOptions>(SMS_API.options, undefined, { silent: true, signal });

/** The merchants the account may send for, as select options ("name (code)"): the filters' and the forms' picker. */
export function useSmsMerchants(): { value: string; label: string }[] {
  const options = useRemote((signal) => smsOptions(signal), []);
  return (options.data?.merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }));
}

export const taskProgress = (ids: number[], signal?: AbortSignal) =>
  api.get<SmsTaskProgress[]>(SMS_API.taskProgress, { ids: ids.join(',') }, { silent: true, signal });

/** A task from a file (multipart: the fields before the file); resolves with the per-row report. */
export async function uploadTask(file: File, fields: Record<string, string>): Promise<SmsTaskCreated> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== '') form.append(k, v);
  form.append('file', file, file.name);
  const created = await api.post<SmsTaskCreated>(SMS_API.taskUpload, form, { silent: true });
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<CommandDoneDetail>(COMMAND_DONE_EVENT, { detail: { id: 'merchant.smsSendTask.add', result: created, selection: [] } }));
  }
  return created;
}
