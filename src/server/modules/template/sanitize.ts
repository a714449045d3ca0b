/**
 * The HTML of an H5 template, reduced to what a promotion page needs (docs/template.md "Safety"). An allowlist, not a
 * blocklist: tags and attributes not named here are dropped (script, style, iframe, svg… with their content), so no
 * event handler, no style and no frame can come through; link and image addresses must be http(s) (links also
 * mailto:, tel: or relative), checked after decoding character references, so `java&#115;cript:` is caught too. Text
 * is re-escaped and every kept attribute re-quoted, so what was checked is exactly what the browser reads. Tags left
 * open are closed and stray closing tags dropped: a template cannot close the page's own elements.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'div', 'section', 'h1', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'hr']);
const VOID = new Set(['br', 'img', 'hr']);
/** Dropped with everything up to their closing tag: their content is code or markup, never text to show. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math',
  'xmp', 'noembed', 'noframes', 'plaintext', 'select', 'frameset', 'frame', 'head', 'applet']);
const ATTRS: Record<string, readonly string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] };
const GLOBAL_ATTRS = ['class'];

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0', sol: '/', lpar: '(', rpar: ')' };

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text keeps its character references (`&lt;` stays text) and loses every raw `<`, `>` and bare `&`. */
function escapeText(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '&') {
      ENTITY.lastIndex = i;
      const m = ENTITY.exec(s);
      if (m) { out += m[0]; i += m[0].length - 1; } else out += '&amp;';
    } else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else out += c;
  }
  return out;
}

/** An attribute value as the browser reads it (numeric and the usual named references). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (m, ref: string) => {
    if (ref[0] === '#') {
      const n = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

/** Whether an address may be a link (`img`: only http(s)); control characters and spaces the browser ignores are ignored here too. */
export function safeUrl(raw: string, forImage = false): boolean {
  const u = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (!u) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(u)?.[1];
  if (scheme === undefined) return !forImage || u.startsWith('/');
  return forImage ? scheme === 'http' || scheme === 'https' : ['http', 'https', 'mailto', 'tel'].includes(scheme);
}

function attributes(tag: string, raw: string): string {
  const allowed = [...(ATTRS[tag] ?? []), ...GLOBAL_ATTRS];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if ((name === 'href' || name === 'src') && !safeUrl(value, name === 'src')) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value)) continue;
    seen.add(name);
    out.push(` ${name}="${escapeHtml(value)}"`);
  }
  if (tag === 'a' && seen.has('href')) out.push(' rel="noopener noreferrer nofollow"');
  return out.join('');
}

/** The allowed subset of `html`, well nested. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    out += escapeText(html.slice(at, m.index));
    at = TAG.lastIndex;
    if (m[0].startsWith('<!--')) continue;
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (!closing && DROP_CONTENT.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'ig');
      end.lastIndex = at;
      const e = end.exec(html);
      at = e ? end.lastIndex : html.length;
      TAG.lastIndex = at;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const i = open.lastIndexOf(name);
      if (i < 0) continue;
      while (open.length > i) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${name}${attributes(name, m[3] ?? '')}>`;
    if (!VOID.has(name)) open.push(name);
  }
  out += escapeText(html.slice(at));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
