/**
 * Distribution of platform-level applications (spec §3 "receiving probability for new and returning customers").
 * A merchant's receive_prob_new / receive_prob_returning (0–100) is its share of the platform's new / returning
 * customers' applications among the merchants able to take the application: merchant i receives it with
 * probability p_i / Σp. A merchant at 0 receives none of that kind; when every candidate is at 0, nobody takes
 * the application. Shares rather than independent coin flips, so that probabilities which do not add up to 100
 * (one merchant at 50 %) never leave an application unassigned while some merchant is willing.
 */

export interface DistributionCandidate {
  merchantId: number;
  probNew: number;
  probReturning: number;
}

/** The receiving merchant, or null when no candidate takes this kind of customer. `random` returns [0, 1). */
export function pickMerchant(candidates: readonly DistributionCandidate[], returning: boolean, random: () => number): number | null {
  const weighted = candidates
    .map((c) => ({ id: c.merchantId, w: Math.max(0, Math.min(100, returning ? c.probReturning : c.probNew)) }))
    .filter((c) => c.w > 0);
  const total = weighted.reduce((s, c) => s + c.w, 0);
  if (total === 0) return null;
  let r = random() * total;
  for (const c of weighted) {
    r -= c.w;
    if (r < 0) return c.id;
  }
  return weighted[weighted.length - 1].id;
}
