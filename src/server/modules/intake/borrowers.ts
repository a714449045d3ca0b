import type { AppProfile } from '../../../schemas/intake';
import type { Market } from '../../../schemas/merchant';
import { MARKET_DATA, cardNumber, type BankDef } from '../../seed/markets';
import { Rng } from '../../seed/rng';

/**
 * Synthetic borrowers for the simulator and the tests: names, phones, ID numbers and bank cards from the seed's
 * market generators (src/server/seed/markets.ts), deterministic per (seed, index).
 */
export interface SyntheticBorrower {
  phone: string;
  name: string;
  id_number: string;
  birth_date: string;
  gender: '1' | '2';
  device_id: string;
  device: { brand: string; model: string; os: 'android' | 'ios'; os_version: string; app_version: string };
  bank: BankDef;
  card_number: string;
  /** What the app's KYC form and liveness check collect (sent with register). */
  profile: AppProfile;
}

export function syntheticBorrower(market: Market, seed: string, index: number, opts: { ageRange?: [number, number]; today?: Date } = {}): SyntheticBorrower {
  const md = MARKET_DATA[market];
  const rng = new Rng(seed, `borrower-${market}`, index);
  const [minAge, maxAge] = opts.ageRange ?? [21, 55];
  const today = opts.today ?? new Date();
  const birth = new Date(Date.UTC(today.getUTCFullYear() - rng.int(minAge, maxAge), rng.int(0, 11), rng.int(1, 28)));
  const gender = rng.chance(0.5) ? 'M' : 'F';
  // Spec §5: names are 2 to 20 characters; some generated full names are longer, so draw again (bounded).
  let name = md.name(rng, gender).full;
  for (let i = 0; i < 20 && name.length > 20; i++) name = md.name(rng, gender).full;
  const [brand, ...model] = rng.pick(md.devices).split(' ');
  const ios = brand === 'iPhone';
  const bank = rng.pick(md.banks);
  return {
    phone: md.phone(rng),
    name: name.slice(0, 20),
    id_number: md.idNumber(rng, birth, gender, rng.pick(md.regions)),
    birth_date: birth.toISOString().slice(0, 10),
    gender: gender === 'M' ? '1' : '2',
    device_id: `dev-${rng.chars(16, '0123456789abcdef')}`,
    device: { brand: ios ? 'Apple' : brand, model: ios ? `iPhone ${model.join(' ')}` : model.join(' '), os: ios ? 'ios' : 'android', os_version: ios ? '17.4' : '14', app_version: '3.2.1' },
    bank,
    card_number: cardNumber(rng, bank),
    // Drawn last, so that the identity above stays what it was before profiles existed.
    profile: syntheticProfile(rng, md),
  };
}

/** A plausible KYC profile: mostly ordinary earners with a liveness pass, some thin or weak files. */
function syntheticProfile(rng: Rng, md: (typeof MARKET_DATA)[Market]): AppProfile {
  const married = rng.chance(0.55);
  return {
    marital_status: married ? '2' : '1',
    education: rng.weighted([['1', 8], ['2', 35], ['3', 25], ['4', 27], ['5', 5]] as const),
    income_level: rng.weighted([['1', 15], ['2', 30], ['3', 30], ['4', 17], ['5', 8]] as const),
    children_count: married ? rng.int(0, 3) : 0,
    residence_months: rng.int(3, 180),
    occupation: rng.pick(md.occupations),
    liveness_score: Math.round(rng.float(rng.chance(0.05) ? 30 : 66, 99.5) * 10) / 10,
  };
}
