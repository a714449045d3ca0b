import { describe, expect, it } from 'vitest';
import { unknownVariables } from '../../../schemas/template';
import { safeUrl, sanitizeHtml } from './sanitize';
import { assertVariables, previewTemplate, renderH5 } from './template';

describe('template variables', () => {
  it('names every unknown variable once, in order, per kind', () => {
    expect(unknownVariables('Hi {name}, {amount} by {due_date}: {link}', 'sms')).toEqual([]);
    const bad = unknownVariables('{merchant} {nmae} {product} {nmae} {coupon}', 'h5_landing');
    expect(bad.map((b) => b.name)).toEqual(['nmae', 'coupon']);
    expect(bad[0].allowed).toContain('{promo_code}');
    // {name} is an SMS variable, not an H5 one; {{literal}} is a brace, not a place.
    expect(unknownVariables('{name} {{literal}}', 'h5_landing').map((b) => b.name)).toEqual(['name']);
  });

  it('refuses with one issue per unknown variable', () => {
    try {
      assertVariables('{a} {merchant} {b}', 'h5_landing');
      expect.unreachable();
    } catch (e) {
      const issues = (e as { issues: Array<{ path: string; id: string; values: { name: string } }> }).issues;
      expect(issues.map((i) => [i.path, i.id, i.values.name])).toEqual([['body', 'template.unknownVariable', 'a'], ['body', 'template.unknownVariable', 'b']]);
    }
    expect(() => assertVariables('{merchant}', 'h5_landing')).not.toThrow();
  });
});

describe('H5 sanitising', () => {
  const hostile: Array<[string, RegExp]> = [
    ['<script>alert(1)</script><p>ok</p>', /script|alert/i],
    ['<SCRIPT src=//evil.example/x.js></SCRIPT>', /script|evil/i],
    ['<img src=x onerror=alert(1)>', /onerror|alert/i],
    ['<a href="javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="java&#115;cript:alert(1)">x</a>', /javascript|&#115;|alert/i],
    ['<a href=" &#x6A;avascript:alert(1)">x</a>', /javascript|alert/i],
    ['<a href="jav\tascript:alert(1)">x</a>', /script:/i],
    ['<p onclick="steal()" style="background:url(javascript:x)">p</p>', /onclick|style|steal/i],
    ['<iframe src="https://evil.example"></iframe>', /iframe|evil/i],
    ['<svg><script>alert(1)</script></svg>', /svg|script|alert/i],
    ['<scr<script>ipt>alert(1)</script>', /<script/i],
    ['<!-- <script>alert(1)</script> -->', /script/i],
    ['<img src="data:text/html,<script>alert(1)</script>">', /<script|data:/i],
    ['<div></body></html><script>x()</script>', /<\/body|<script/i],
  ];
  it.each(hostile)('removes %s', (html, bad) => {
    const out = sanitizeHtml(html);
    expect(out).not.toMatch(bad);
    expect(out).not.toMatch(/<(?!\/?(p|br|strong|b|em|i|u|s|small|span|div|section|h[1-4]|ul|ol|li|a|img|blockquote|hr)[\s>])/i);
  });

  it('keeps the allowed markup and safe addresses, closing what was left open', () => {
    expect(sanitizeHtml('<h1 class="x">Hi</h1><p>a &amp; b <b>c</p>')).toBe('<h1 class="x">Hi</h1><p>a &amp; b <b>c</b></p>');
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&c=2">go</a>')).toBe('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">go</a>');
    expect(sanitizeHtml('<img src="https://cdn.example/x.png" alt="x" width="300" height="9e9">')).toBe('<img src="https://cdn.example/x.png" alt="x" width="300">');
    expect(sanitizeHtml('1 < 2 > 0 & done')).toBe('1 &lt; 2 &gt; 0 &amp; done');
    expect(safeUrl('tel:+84912345678')).toBe(true);
    expect(safeUrl('/relative/page')).toBe(true);
    expect(safeUrl('vbscript:x')).toBe(false);
    expect(safeUrl('/x.png', true)).toBe(true);
    expect(safeUrl('mailto:a@b.co', true)).toBe(false);
  });

  it('escapes values before they go in: a value cannot add markup or a script address', () => {
    const html = renderH5('<p>{merchant}</p><a href="{channel}">x</a>', { merchant: '<img src=x onerror=alert(1)>', channel: 'javascript:alert(1)' });
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p><a>x</a>');
  });

  it('previews H5 as sanitised HTML and SMS as text, listing unknown variables without refusing', () => {
    const h5 = previewTemplate('h5_landing', '<h1>{merchant}</h1><script>x</script>{oops}');
    expect(h5.html).toBe('<h1>Vay Nhanh</h1>');
    expect(h5.unknown.map((u) => u.name)).toEqual(['oops']);
    const sms = previewTemplate('sms', '<b>{name}</b> owes {amount}');
    expect(sms.html).toBeNull();
    expect(sms.text).toBe('<b>Nguyen Van A</b> owes 1,250,000 ₫');
  });
});
