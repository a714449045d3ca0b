import { proxy } from 'valtio';
import { getSystemName } from '../api/auth.api';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/** Spec §3 "System info: name, logo": kept in localStorage, refreshed from /loanapi/open/get_system_name. */
export interface SystemInfo {
  name: string;
  logo: string;
}

export const systemInfo = proxy<SystemInfo>(readJson<SystemInfo>(STORAGE_KEYS.system, { name: '', logo: '' }));

let refreshing: Promise<void> | null = null;

export function refreshSystemInfo(): Promise<void> {
  refreshing ??= getSystemName()
    .then((info) => {
      if (!info) return;
      systemInfo.name = info.name ?? '';
      systemInfo.logo = info.logo ?? '';
      writeJson(STORAGE_KEYS.system, { name: systemInfo.name, logo: systemInfo.logo });
    })
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
