import { proxy } from 'valtio';

/** Spec §9 watermark: lines drawn on the overlay (organizer name, user name, date); null: no overlay. */
export const watermark = proxy<{ lines: string[] | null }>({ lines: null });

/** Spec §9: the watermark is removed 2000 ms after logout. */
export const WATERMARK_LOGOUT_DELAY_MS = 2000;

let timer: ReturnType<typeof setTimeout> | null = null;

export function showWatermark(lines: string[]): void {
  if (timer) clearTimeout(timer);
  timer = null;
  watermark.lines = lines.filter(Boolean);
}

export function clearWatermark(delayMs = 0): void {
  if (timer) clearTimeout(timer);
  if (delayMs <= 0) {
    watermark.lines = null;
    return;
  }
  timer = setTimeout(() => {
    watermark.lines = null;
    timer = null;
  }, delayMs);
}
