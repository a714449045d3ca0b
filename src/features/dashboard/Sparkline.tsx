import { useDirection } from '@mantine/core';

/** Drawing units: the line is stretched to the card's width (the stroke keeps its width). */
const W = 100;
const H = 28;
const PAD = 2;

/**
 * The last 30 days of a card as a small line under its figures (plain SVG: no chart library in the first load), with
 * gaps where a day has nothing to divide. Right to left, time runs from the right.
 */
export function Sparkline({ points, color = 'var(--mantine-primary-color-filled)' }: { points: ReadonlyArray<number | null>; color?: string }) {
  const { dir } = useDirection();
  const values = points.filter((p): p is number => p !== null);
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => {
    const at = PAD + (i * (W - 2 * PAD)) / (points.length - 1);
    return dir === 'rtl' ? W - at : at;
  };
  const y = (v: number) => H - PAD - ((v - min) / span) * (H - 2 * PAD);
  // One path, moving (M) after every gap instead of drawing (L) across it.
  let d = '';
  let pen = false;
  points.forEach((p, i) => {
    if (p === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(p).toFixed(1)}`;
    pen = true;
  });
  return (
    <svg width="100%" height={H} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" data-testid="sparkline" style={{ display: 'block', marginTop: 4 }}>
      <path d={d} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
