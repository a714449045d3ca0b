import { api } from '../../app/api/request';
import { COMMAND_DONE_EVENT, type CommandDoneDetail } from '../../app/commands';
import { BANK_API, type BankOption, type BinImportReport } from '../../schemas/bank';
import { useRemote } from '../../ui/useRemote';

/** The calls of the bank screens (routes in src/server/modules/bank/bank.routes.ts). */

/** Banks of the markets the account manages (the BIN forms' bank picker). */
export function useBankOptions() {
  return useRemote((signal) => api.get<BankOption[]>(BANK_API.options, undefined, { silent: true, signal }), []);
}

/** Uploads a BIN file (multipart: market, then the file); resolves with the per-row report. */
export async function uploadBins(file: File, market: string): Promise<BinImportReport> {
  const form = new FormData();
  form.append('market', market);
  form.append('file', file, file.name);
  const report = await api.post<BinImportReport>(BANK_API.binImport, form, { silent: true });
  // The file is not a command parameter, so the runner did not send it: tell the grid as the runner would.
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<CommandDoneDetail>(COMMAND_DONE_EVENT, { detail: { id: 'system.bankBins.import', result: report, selection: [] } }));
  }
  return report;
}
