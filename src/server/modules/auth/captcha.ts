import crypto from 'node:crypto';

// No 0/O, 1/I/L: staff type these from an image.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function randomCaptchaText(): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

export const hashAnswer = (id: string, text: string): string =>
  crypto.createHash('sha256').update(`${id}:${text.trim().toUpperCase()}`).digest('hex');

/** An SVG image of the text with jitter, rotation and noise lines, as a data: URL. */
export function captchaSvg(text: string): string {
  const w = 120;
  const h = 40;
  const r = (a: number, b: number) => a + crypto.randomInt(Math.max(1, b - a));
  const hue = () => `hsl(${r(0, 360)},60%,${r(30, 50)}%)`;
  let body = '';
  for (let i = 0; i < 5; i++) {
    body += `<path d="M${r(0, 20)} ${r(5, 35)} Q${r(30, 90)} ${r(0, 40)} ${r(100, 120)} ${r(5, 35)}" stroke="${hue()}" stroke-width="1.5" fill="none"/>`;
  }
  [...text].forEach((ch, i) => {
    const x = 14 + i * 26 + r(-3, 3);
    const y = 28 + r(-4, 4);
    body += `<text x="${x}" y="${y}" font-family="monospace" font-size="${r(22, 28)}" font-weight="bold" fill="${hue()}" transform="rotate(${r(-25, 25)} ${x} ${y})">${ch}</text>`;
  });
  for (let i = 0; i < 30; i++) body += `<circle cx="${r(0, w)}" cy="${r(0, h)}" r="1" fill="${hue()}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6f8"/>${body}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
