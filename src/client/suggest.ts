import { COMMANDS } from '../../commands';

/** Edit distance (insert, delete, substitute), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[t.length];
}

/** How much one dotted segment looks like another, 0..1 (a typo in a long word still counts). */
function segmentLikeness(a: string, b: string): number {
  const d = editDistance(a, b);
  const typo = Math.max(0, 1 - d / Math.max(a.length, b.length, 1));
  // A word of the id inside the other (`confirm` in `confirmWithdrawal`) is a near match too.
  const [short, long] = a.length <= b.length ? [a.toLowerCase(), b.toLowerCase()] : [b.toLowerCase(), a.toLowerCase()];
  return short.length >= 4 && long.includes(short) ? Math.max(typo, 0.8) : typo;
}

/**
 * The registry ids closest to a guess: segments are compared one by one (so `app.theme.toggle` finds
 * `settings.theme.toggle`, and `review.trail.aprove` finds `review.trial.approve`), ties broken by the edit distance
 * of the whole id. Weak matches are left out.
 */
export function closestIds(guess: string, ids: readonly string[] = COMMANDS.map((c) => c.id), max = 3): string[] {
  const parts = guess.split('.').filter(Boolean);
  if (parts.length === 0) return [];
  const scored = ids.map((id) => {
    const segs = id.split('.');
    // Each segment of the guess takes its best match; segments of the id matched by nothing weigh a little.
    const likeness = parts.reduce((sum, p) => sum + Math.max(...segs.map((s) => segmentLikeness(p, s))), 0);
    const score = likeness / Math.max(parts.length, segs.length * 0.75);
    return { id, score, dist: editDistance(guess, id) };
  });
  scored.sort((x, y) => y.score - x.score || x.dist - y.dist);
  const best = scored[0]?.score ?? 0;
  return scored.filter((s) => s.score >= 0.35 && s.score >= best - 0.2).slice(0, max).map((s) => s.id);
}
