// Development only (scripts/dev/regen-migration.sh): rewrites a generated `ADD COLUMN … NOT NULL` of backfills.json
// into add (nullable), fill, constrain, so that the migration runs on a database that already has rows.
import fs from 'node:fs';
import path from 'node:path';

const backfills = JSON.parse(fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'backfills.json'), 'utf8'));
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, 'utf8');
  for (const b of backfills) {
    const re = new RegExp(`ALTER TABLE "${b.table}" ADD COLUMN "${b.column}" ([^;]*?) NOT NULL;`);
    const m = re.exec(text);
    if (!m) continue;
    text = text.replace(m[0], [
      `ALTER TABLE "${b.table}" ADD COLUMN "${b.column}" ${m[1]};`,
      `${b.fill};`,
      `ALTER TABLE "${b.table}" ALTER COLUMN "${b.column}" SET NOT NULL;`,
    ].join('--> statement-breakpoint\n'));
    console.log(`${path.basename(file)}: ${b.table}.${b.column} added, filled, then NOT NULL`);
  }
  fs.writeFileSync(file, text);
}
