/**
 * `node --import tsx src/server/modules/marketing/import.bench.ts [rows]`: imports `rows` (default 100,000) numbers
 * into a whitelist group as the console does — a CSV upload, then the same numbers again as XLSX (all duplicates) —
 * on an in-memory database, and prints the time to the finished report against the 30 s target (docs/marketing.md).
 * Not a test and not part of `npm run bench`: a figure to check by hand.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../../tests/support/testApp';
import { MARKETING_API, type ImportStatus } from '../../../schemas/marketing';
import { merchant } from '../merchant/merchant.table';

const rows = Number(process.argv[2] ?? 100_000);
const TARGET_MS = 30_000;

function multipart(fileName: string, content: Buffer) {
  const boundary = '----marketingbench';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function main() {
  const t = await createTestApp();
  try {
    const token = await t.login('admin');
    const [{ id: merchantId }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
    const g = await t.post(token, MARKETING_API.groupAdd, { merchant_id: merchantId, name: 'Bench' });
    const phones = Array.from({ length: rows }, (_, i) => `09${String(i).padStart(8, '0')}`);
    const csv = Buffer.from(['phone', ...phones].join('\r\n'));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('numbers');
    ws.addRow(['phone']);
    for (const p of phones) ws.addRow([p]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

    for (const [name, file] of [['numbers.csv', csv], ['numbers.xlsx', xlsx]] as const) {
      const { body, headers } = multipart(name, file);
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `${MARKETING_API.importFile}?group_id=${g.data.id}`, payload: body, headers: { ...headers, authorization: token, 'x-api-token': token } });
      let st = (res.json() as { data: ImportStatus }).data;
      while (st.status === 'running') {
        await new Promise((r) => setTimeout(r, 250));
        st = (await t.get<ImportStatus>(token, MARKETING_API.importStatus, { id: st.job_id })).data;
      }
      const ms = performance.now() - t0;
      console.log(`${name}: ${rows} rows, ${st.status}, inserted ${st.inserted}, duplicates ${st.duplicates}, ${(ms / 1000).toFixed(1)} s ${ms <= TARGET_MS ? 'PASS' : 'MISS'} (target 30 s)`);
    }
  } finally {
    await t.close();
  }
}

void main();
