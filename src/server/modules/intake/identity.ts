import type { Market } from '../../../schemas/merchant';
import { cnIdCheck, thIdCheck, twIdCheck, verhoeffValid } from '../../seed/markets';

/**
 * Phone and ID number formats of each market, as the borrower app sends them (the same formats the seed
 * generator produces, src/server/seed/markets.ts): local mobile numbers without the country code; national ID
 * numbers with their check digits where the market has one.
 */

export const PHONE_PATTERNS: Record<Market, RegExp> = {
  // 10 digits: 03x, 05x, 07x, 08x, 09x mobile prefixes.
  vn: /^0[35789]\d{8}$/,
  // 11 digits: 13x–19x.
  cn: /^1[3-9]\d{9}$/,
  tw: /^09\d{8}$/,
  // 010, 011, 012, 015 + 8 digits.
  eg: /^01[0125]\d{8}$/,
  th: /^0[689]\d{8}$/,
  // 10 digits starting 6–9.
  in: /^[6-9]\d{9}$/,
  // NANP: area and exchange codes start 2–9.
  en: /^[2-9]\d{2}[2-9]\d{6}$/,
};

/** Spaces, dashes, dots and brackets people type inside numbers. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

export function validPhone(market: Market, phone: string): boolean {
  return PHONE_PATTERNS[market].test(phone);
}

export function normaliseIdNumber(market: Market, id: string): string {
  const t = id.trim().toUpperCase();
  return market === 'en' ? t : t.replace(/[\s-]/g, '');
}

function validYmd(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Birth date encoded in the ID number (yyyy-MM-dd), for the markets whose numbers carry one. */
export function birthDateOfId(market: Market, id: string): string | null {
  if (market === 'cn' && /^\d{17}[\dX]$/.test(id)) return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (market === 'eg' && /^[23]\d{13}$/.test(id)) return `${id[0] === '3' ? '20' : '19'}${id.slice(1, 3)}-${id.slice(3, 5)}-${id.slice(5, 7)}`;
  return null;
}

/**
 * Whether `id` (normalised) is a well-formed national ID number of the market; with `birthDate`, also that the
 * birth date the number encodes (cn, eg: the full date; vn: century and year) is that one.
 */
export function validIdNumber(market: Market, id: string, birthDate?: string): boolean {
  switch (market) {
    case 'vn': {
      // CCCD: province (001–096), century-and-gender digit (0/1: 1900s, 2/3: 2000s), 2-digit birth year, 6 digits.
      const m = /^(\d{3})([0-3])(\d{2})\d{6}$/.exec(id);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 96) return false;
      if (!birthDate) return true;
      const year = (Number(m[2]) >= 2 ? 2000 : 1900) + Number(m[3]);
      return String(year) === birthDate.slice(0, 4);
    }
    case 'cn': {
      if (!/^\d{17}[\dX]$/.test(id) || cnIdCheck(id.slice(0, 17)) !== id[17]) return false;
      const b = birthDateOfId('cn', id)!;
      if (!validYmd(Number(b.slice(0, 4)), Number(b.slice(5, 7)), Number(b.slice(8, 10)))) return false;
      return !birthDate || birthDate === b;
    }
    case 'tw': {
      const m = /^([A-Z])([12]\d{7})(\d)$/.exec(id);
      return !!m && twIdCheck(m[1], m[2]) === Number(m[3]);
    }
    case 'eg': {
      if (!/^[23]\d{13}$/.test(id)) return false;
      const b = birthDateOfId('eg', id)!;
      if (!validYmd(Number(b.slice(0, 4)), Number(b.slice(5, 7)), Number(b.slice(8, 10)))) return false;
      return !birthDate || birthDate === b;
    }
    case 'th':
      return /^[1-8]\d{12}$/.test(id) && thIdCheck(id.slice(0, 12)) === Number(id[12]);
    case 'in':
      // Aadhaar: 12 digits, not starting 0 or 1, Verhoeff check digit.
      return /^[2-9]\d{11}$/.test(id) && verhoeffValid(id);
    case 'en':
      // SSN: area 001–899 except 666, group 01–99, serial 0001–9999.
      return /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/.test(id);
    default:
      return false;
  }
}

/** Full years between a birth date and a business date (both yyyy-MM-dd). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
