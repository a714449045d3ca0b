import { PGlite } from '@electric-sql/pglite';
const dir = process.argv[2]; const mode = process.argv[3];
const db = new PGlite(dir, mode==='min' ? { startParams: [...(PGlite as any).defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'] } : {});
await db.waitReady;
console.log((await db.query(`select name, setting from pg_settings where name in ('wal_level','shared_buffers','maintenance_work_mem','work_mem','fsync','synchronous_commit','max_wal_size','full_page_writes')`)).rows.map((r:any)=>r.name+'='+r.setting).join(' '));
await db.exec(`create table t (id bigint primary key, a int, b varchar(100), c timestamptz, d bigint, e varchar(40), f jsonb, g boolean, h text)`);
const N = 400_000, CH = 50_000;
let t0 = performance.now();
if (mode === 'tx' || mode === 'min') { await db.exec('begin'); await db.exec('truncate t'); }
for (let s = 0; s < N; s += CH) {
  const parts: string[] = [];
  for (let i = s; i < s + CH; i++) parts.push(`${i+1},${i%100},"Nguyễn Văn ${i}",2025-01-01T00:00:00.000Z,${i*1000},abc${i},"{""x"":1,""y"":""Hà Nội""}",t,some longer text here for row ${i} to look like a comment\n`);
  const csv = parts.join('');
  const t1 = performance.now();
  await db.query(`COPY t (id,a,b,c,d,e,f,g,h) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
  process.stdout.write(` ${(performance.now()-t1).toFixed(0)}`);
}
if (mode === 'tx' || mode === 'min') await db.exec('commit');
console.log('\n', mode, 'total', (performance.now()-t0).toFixed(0));
await db.close();
