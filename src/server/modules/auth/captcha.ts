import crypto from 'node:crypto';
import { createRequire } from 'node:module';

// No 0/O, 1/I/L: staff type these from an image.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function randomCaptchaText(): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

export const hashAnswer = (id: string, text: string): string =>
  crypto.createHash('sha256').update(`${id}:${text.trim().toUpperCase()}`).digest('hex');

interface SvgCaptchaOptions { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string }

// svg-captcha's main export is the renderer of a given text, which its typings do not declare; we choose the text
// ourselves (the answer is stored hashed before the image is drawn), so that is the function we need.
const renderText = createRequire(import.meta.url)('svg-captcha') as (text: string, opts: SvgCaptchaOptions) => string;

/**
 * The text drawn as glyph outlines (paths from the font, no <text> element, no font reference) among noise curves,
 * as a data: URL: the answer is not in the markup, so reading it takes recognising the shapes.
 */
export function captchaSvg(text: string): string {
  const svg = renderText(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: true, background: '#f4f6f8' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
