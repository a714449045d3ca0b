import { useEffect, useMemo, useState } from 'react';
import { businessClock } from '../intl/businessClock';
import { useSnapshot } from 'valtio';
import { watermark } from '../state/watermark';

/** Spec §9: canvas 230×200, rotated -30°, fixed overlay, z-index 100. */
export const WATERMARK_CANVAS = { width: 230, height: 200, angleDeg: -30, zIndex: 100 } as const;

/** Draws the lines on a 230×200 tile rotated -30° and returns it as a data URL (empty when no canvas). */
export function watermarkTile(lines: readonly string[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = WATERMARK_CANVAS.width;
  canvas.height = WATERMARK_CANVAS.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((WATERMARK_CANVAS.angleDeg * Math.PI) / 180);
  ctx.font = '14px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
  ctx.fillStyle = 'rgba(128, 128, 128, 0.16)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lh = 20;
  const top = -((lines.length - 1) * lh) / 2;
  lines.forEach((line, i) => ctx.fillText(line, 0, top + i * lh, canvas.width - 10));
  return canvas.toDataURL('image/png');
}

/**
 * The date line (the last, YYYY-MM-DD from the browser's clock) replaced by the business date in the market's zone,
 * named, once the business clock is known: the browser's day may not be the day the business works on.
 */
export function businessLines(lines: readonly string[], day: string | null): string[] {
  const last = lines.length - 1;
  if (!day || last < 0 || !/^\d{4}-\d{2}-\d{2}$/.test(lines[last])) return [...lines];
  return [...lines.slice(0, last), day];
}

/**
 * The watermark of spec §9 (organizer name, user name, date) over the whole page; clicks pass through.
 * Mounted above the router so that it outlives the layout for the 2 s after logout.
 */
export function Watermark() {
  const { lines } = useSnapshot(watermark);
  const [day, setDay] = useState<string | null>(null);
  const shown = lines && lines.length > 0;
  useEffect(() => {
    if (!shown) return undefined;
    let live = true;
    businessClock().then((c) => live && c && typeof c.business_date === 'string' && setDay(`${c.business_date} (${c.time_zone})`));
    return () => {
      live = false;
    };
  }, [shown]);
  const url = useMemo(() => (lines && lines.length ? watermarkTile(businessLines(lines, day)) : ''), [lines, day]);
  if (!url) return null;
  return (
    <div
      className="watermark"
      aria-hidden
      data-testid="watermark"
      style={{
        position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: WATERMARK_CANVAS.zIndex,
        backgroundImage: `url(${url})`, backgroundRepeat: 'repeat',
        backgroundSize: `${WATERMARK_CANVAS.width}px ${WATERMARK_CANVAS.height}px`,
      }}
    />
  );
}
