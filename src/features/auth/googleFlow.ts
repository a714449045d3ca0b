/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read out and type into the app. */
export function groupSecret(secret: string, size = 4): string {
  return (secret.replace(/\s+/g, '').match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

/** Only digits, at most 6: what the code field keeps of what is typed or pasted. */
export function cleanCode(v: string): string {
  return v.replace(/\D/g, '').slice(0, 6);
}

/** The skip is in force (a date in the future). */
export function skipActive(until: string | null | undefined, now = Date.now()): boolean {
  if (!until) return false;
  const t = Date.parse(until);
  return Number.isFinite(t) && t > now;
}
