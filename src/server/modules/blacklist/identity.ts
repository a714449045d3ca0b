import type { BlacklistType } from '../../../schemas/blacklist';
import type { Market } from '../../../schemas/merchant';
import { normaliseIdNumber, validPhone } from '../intake/identity';

/**
 * The one form an identifier is stored and compared in, per type and market, so that "+84 912 345 678",
 * "0912-345-678" and "0912345678" are the same person: phones become the local number of the merchant's market
 * (what intake stores on the customer), ID numbers upper-case without separators (intake's normalisation), bank
 * cards their digits, device ids trimmed (they are opaque and case-sensitive).
 */

/** International dialling prefix of each market; a local number takes a trunk '0' where the market dials one. */
const COUNTRY: Record<Market, { cc: string; trunk: string }> = {
  vn: { cc: '84', trunk: '0' }, cn: { cc: '86', trunk: '' }, tw: { cc: '886', trunk: '0' }, eg: { cc: '20', trunk: '0' },
  th: { cc: '66', trunk: '0' }, in: { cc: '91', trunk: '' }, en: { cc: '1', trunk: '' },
};

export function normalisePhoneIn(market: Market, raw: string): string {
  const plus = raw.trim().startsWith('+') || raw.trim().startsWith('00');
  let digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('00')) digits = digits.slice(2);
  const { cc, trunk } = COUNTRY[market];
  if (validPhone(market, digits) && !plus) return digits;
  if (digits.startsWith(cc)) {
    const local = trunk + digits.slice(cc.length);
    if (validPhone(market, local)) return local;
  }
  // A spreadsheet that stored the number as a number dropped its trunk '0'.
  if (trunk && !plus && validPhone(market, trunk + digits)) return trunk + digits;
  return digits;
}

export type Normalised = { ok: true; value: string } | { ok: false; id: string };

/** The stored form of an identifier, or the message id saying why it can't be one. */
export function normaliseIdentifier(type: BlacklistType, market: Market, raw: string): Normalised {
  const v = raw.trim();
  if (!v) return { ok: false, id: 'blacklist.valueRequired' };
  switch (type) {
    case 'phone': {
      const p = normalisePhoneIn(market, v);
      return validPhone(market, p) ? { ok: true, value: p } : { ok: false, id: 'blacklist.badPhone' };
    }
    case 'id_number': {
      const id = normaliseIdNumber(market, v);
      return /^[0-9A-Z-]{4,32}$/.test(id) ? { ok: true, value: id } : { ok: false, id: 'blacklist.badIdNumber' };
    }
    case 'bank_card': {
      const d = v.replace(/[\s-]/g, '');
      return /^\d{8,32}$/.test(d) ? { ok: true, value: d } : { ok: false, id: 'blacklist.badCard' };
    }
    case 'device':
      return /^[\x21-\x7e]{4,64}$/.test(v) ? { ok: true, value: v } : { ok: false, id: 'blacklist.badDevice' };
    default:
      return { ok: false, id: 'blacklist.badType' };
  }
}
