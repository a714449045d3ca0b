import PDFDocument from 'pdfkit';
import { LANG_BY_CODE, type Lang } from '../../../schemas/i18n';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import { translate } from '../../i18n';
import { statementFonts, type FontFile } from './fonts';
import type { LoanStatement } from './loanStatement';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const HELVETICA = 'Helvetica';
const EN = LANG_BY_CODE.en;

type Doc = InstanceType<typeof PDFDocument>;

/** Whether the current font draws every character (pdfkit keeps the fontkit font of an embedded one as `_font.font`). */
function covers(doc: Doc, text: string): boolean {
  const f = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (cp: number) => boolean } } })._font?.font;
  // The standard fonts (Helvetica) keep their metrics there instead, with no glyph lookup: WinAnsi, about Latin-1.
  const has = typeof f?.hasGlyphForCodePoint === 'function' ? (cp: number) => f.hasGlyphForCodePoint!(cp) : (cp: number) => cp <= 0xff;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20) continue;
    if (!has(cp)) return false;
  }
  return true;
}

/**
 * Draws text with the first registered font that covers it; labels that no font covers in the user's language are
 * drawn in English. Right-to-left languages mirror the layout (labels on the right, columns from the right); Arabic
 * words are shaped and ordered by the font engine, so labels and values are drawn as separate runs and never mixed.
 */
class Writer {
  readonly fonts: string[];
  readonly rtl: boolean;
  y = PAGE.margin;
  constructor(readonly doc: Doc, readonly lang: Lang, files: FontFile[]) {
    for (const f of files) doc.registerFont(f.name, f.path, f.face as string);
    this.fonts = [...files.map((f) => f.name), HELVETICA];
    this.rtl = lang.dir === 'rtl';
  }

  private pick(text: string): { font: string; text: string } {
    for (const name of this.fonts) {
      this.doc.font(name);
      if (covers(this.doc, text)) return { font: name, text };
    }
    this.doc.font(this.fonts[0]);
    return { font: this.fonts[0], text: [...text].map((ch) => (covers(this.doc, ch) ? ch : '?')).join('') };
  }

  label(id: string, values?: Record<string, unknown>): string {
    const own = translate(this.lang, id, values);
    return this.fonts.some((n) => (this.doc.font(n), covers(this.doc, own))) ? own : translate(EN, id, values);
  }

  /** One run in a box; cut with an ellipsis when it does not fit. x is measured from the reading start edge. */
  cell(text: string, x: number, width: number, opts: { size?: number; bold?: boolean; color?: string } = {}): void {
    const { font, text: t } = this.pick(text);
    const size = opts.size ?? 9;
    this.doc.font(font).fontSize(size).fillColor(opts.color ?? '#111');
    let s = t;
    while (s.length > 1 && this.doc.widthOfString(s) > width) s = s.slice(0, -2) + '…';
    const left = this.rtl ? PAGE.margin + CONTENT - x - width : PAGE.margin + x;
    this.doc.text(s, left, this.y, { width, align: this.rtl ? 'right' : 'left', lineBreak: false });
  }

  ensure(height: number, onNewPage?: () => void): void {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.doc.addPage();
    this.y = PAGE.margin;
    onNewPage?.();
  }

  heading(id: string): void {
    this.ensure(40);
    this.y += 10;
    this.cell(this.label(id), 0, CONTENT, { size: 12, color: '#1c3d6e' });
    this.y += 16;
    const yLine = this.y;
    this.doc.moveTo(PAGE.margin, yLine).lineTo(PAGE.margin + CONTENT, yLine).lineWidth(0.5).strokeColor('#9aa7b8').stroke();
    this.y += 5;
  }

  pairs(rows: [string, string][]): void {
    const labelW = 150;
    for (const [id, value] of rows) {
      this.ensure(14);
      this.cell(this.label(id), 0, labelW, { color: '#555' });
      this.cell(value, labelW + 8, CONTENT - labelW - 8);
      this.y += 14;
    }
  }

  table(cols: { id: string; width: number }[], rows: string[][]): void {
    const scale = CONTENT / cols.reduce((s, c) => s + c.width, 0);
    const widths = cols.map((c) => c.width * scale);
    const header = () => {
      let x = 0;
      cols.forEach((c, i) => {
        this.cell(this.label(c.id), x, widths[i] - 4, { color: '#555' });
        x += widths[i];
      });
      this.y += 14;
    };
    this.ensure(28);
    header();
    if (!rows.length) {
      this.cell(this.label('statement.none'), 0, CONTENT, { color: '#777' });
      this.y += 14;
      return;
    }
    for (const r of rows) {
      this.ensure(14, header);
      let x = 0;
      r.forEach((v, i) => {
        this.cell(v, x, widths[i] - 4);
        x += widths[i];
      });
      this.y += 13;
    }
  }
}

function money(lang: Lang, minor: number, currency: string): string {
  const exp = CURRENCY_EXPONENT[currency] ?? 2;
  // Latin digits in every language: amounts sit next to order numbers and dates, and read the same in any script.
  const fmt = new Intl.NumberFormat(`${lang.intl}-u-nu-latn`, { minimumFractionDigits: exp, maximumFractionDigits: exp });
  return `${fmt.format(minor / 10 ** exp)} ${currency}`;
}

const day = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '—');

/** A status word in the user's language when the catalogue has one, else the stored value. */
function word(w: Writer, ids: string[], value: string): string {
  for (const id of ids) {
    const t = translate(w.lang, id);
    if (t !== id) return w.label(id);
  }
  return value;
}

/** Renders the statement; the returned document is a stream that ends once read (already `end()`ed). */
export function renderStatementPdf(s: LoanStatement, lang: Lang, now: Date): Doc {
  const o = s.order;
  const cur = o.currency;
  const m = (minor: number) => money(lang, minor, cur);
  const doc = new PDFDocument({
    size: 'A4', margin: PAGE.margin, autoFirstPage: true, lang: lang.intl,
    // The order number in the document information, readable by indexers and by the tests without a PDF parser.
    info: { Title: `Loan statement ${o.order_no}`, Subject: `${s.customer.code} ${o.order_no}`, Author: 'Lending console', CreationDate: now },
  });
  const w = new Writer(doc, lang, statementFonts(lang.code));

  w.cell(w.label('statement.title'), 0, CONTENT, { size: 16, color: '#1c3d6e' });
  w.y += 22;
  w.cell(o.order_no, 0, CONTENT / 2, { size: 10 });
  w.cell(`${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`, CONTENT / 2, CONTENT / 2, { size: 8, color: '#777' });
  w.y += 16;

  w.heading('statement.customer');
  w.pairs([
    ['statement.customerCode', s.customer.code], ['statement.name', s.customer.name], ['statement.phone', s.customer.phone],
    ['statement.idNumber', s.customer.id_number], ['statement.merchant', s.customer.merchant_name],
  ]);

  w.heading('statement.terms');
  w.pairs([
    ['statement.orderNo', o.order_no], ['statement.product', o.product_name || '—'],
    ['statement.status', word(w, [`customer.orderStatus.${o.status}`, `option.status.${o.status}`], o.status)],
    ['statement.loanAmount', m(o.loan_amount_minor)], ['statement.contractAmount', m(o.contract_amount_minor)],
    ['statement.receivedAmount', m(o.received_amount_minor)], ['statement.interestRate', `${(o.interest_rate_bp / 100).toFixed(2)} %`],
    ['statement.loanDays', String(o.loan_days)], ['statement.loanDate', day(o.loan_at)], ['statement.dueDate', day(o.due_date)],
  ]);

  w.heading('statement.schedule');
  w.table(
    [{ id: 'statement.installment', width: 50 }, { id: 'statement.dueDate', width: 90 }, { id: 'statement.dueAmount', width: 110 },
      { id: 'statement.paid', width: 110 }, { id: 'statement.remaining', width: 110 }, { id: 'statement.overdueDays', width: 60 }],
    // Loans are repaid in one instalment at maturity; an extension moves its due date (the extensions below).
    [['1', day(s.money.due_date), m(s.money.due_amount), m(s.money.paid_amount), m(s.money.remaining_debt), String(s.money.overdue_days)]],
  );

  w.heading('statement.repayments');
  w.table(
    [{ id: 'statement.date', width: 80 }, { id: 'statement.serial', width: 140 }, { id: 'statement.type', width: 80 },
      { id: 'statement.status', width: 80 }, { id: 'statement.amount', width: 110 }],
    s.repayments.map((r) => [day(r.paid_at ?? r.created_at), r.serial_no, r.type, word(w, [`option.status.${r.status}`], r.status),
      m(r.status === 'success' ? r.success_minor : r.requested_minor)]),
  );

  w.heading('statement.reductions');
  w.table(
    [{ id: 'statement.date', width: 80 }, { id: 'statement.status', width: 80 }, { id: 'statement.amount', width: 110 }, { id: 'statement.reason', width: 200 }],
    s.reductions.map((r) => [day(r.decided_at ?? r.created_at), word(w, [`option.status.${r.status}`], r.status), m(r.amount_minor), r.reason]),
  );

  w.heading('statement.extensions');
  w.table(
    [{ id: 'statement.applicationNo', width: 140 }, { id: 'statement.status', width: 80 }, { id: 'statement.days', width: 50 },
      { id: 'statement.fee', width: 100 }, { id: 'statement.period', width: 150 }],
    s.extensions.map((e) => [e.application_no, word(w, [`option.status.${e.status}`], e.status), String(e.days), m(e.fee_minor),
      e.start_date && e.end_date ? `${e.start_date} – ${e.end_date}` : '—']),
  );

  w.heading('statement.balance');
  w.pairs([
    ['statement.principal', m(s.money.owed.principal)], ['statement.interest', m(s.money.owed.interest)],
    ['statement.fee', m(s.money.owed.fee)], ['statement.penalty', m(s.money.owed.penalty)],
    ['statement.reduced', m(s.money.reduction_total)], ['statement.remaining', m(s.money.remaining_debt)],
  ]);
  if (s.masked) {
    w.y += 8;
    w.ensure(14);
    w.cell(w.label('statement.masked'), 0, CONTENT, { size: 8, color: '#777' });
  }
  doc.end();
  return doc;
}
