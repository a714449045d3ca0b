import type { BusinessClockInfo } from '../../schemas/system';
import { api } from '../api/request';
import { session } from '../state/session';

export const CLOCK_PATH = '/loanapi/system/clock';

let pending: Promise<BusinessClockInfo | null> | null = null;
/** The session the clock was read for: another account signed in on the page reads its own market. */
let readFor: string | null = null;

/**
 * The business clock of the signed-in account's market (time zone, business date), read once per page: the zone
 * does not change while signed in. null when it cannot be read (the caller keeps what it showed).
 */
export function businessClock(refresh = false): Promise<BusinessClockInfo | null> {
  if (!pending || refresh || readFor !== (session.token ?? null)) {
    readFor = session.token ?? null;
    pending = api.get<BusinessClockInfo>(CLOCK_PATH, undefined, { silent: true }).catch(() => {
      pending = null;
      return null;
    });
  }
  return pending;
}

/** Forgets the clock (sign-out, account switch). */
export function forgetBusinessClock(): void {
  pending = null;
}

/** An instant as 'YYYY-MM-DD HH:mm:ss' (spec §9's format) in a time zone, with the locale's digits left out. */
export function formatInZone(at: string | number | Date, timeZone: string): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }).formatToParts(d).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone's name in the user's language where Intl has one (e.g. "Indochina Time"), else the IANA name. */
export function zoneName(timeZone: string, intlTag: string, at: Date = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat(intlTag, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    return name || timeZone;
  } catch {
    return timeZone;
  }
}
