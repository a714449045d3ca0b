#!/usr/bin/env bash
# Development only (parallel work on tables before they land): drops the unlanded migration <idx> and generates it
# again from every *.table.ts, under a lock so that two people never generate at once.
#   bash scripts/dev/regen-migration.sh 16 acquisition
set -euo pipefail
cd "$(dirname "$0")/../.."
idx=${1:?index of the unlanded migration}; name=${2:?name}
pad=$(printf '%04d' "$idx")
exec 9>/tmp/regen-migration.lock
flock 9
dir=src/server/db/migrations
rm -f "$dir"/${pad}_*.sql "$dir"/meta/${pad}_snapshot.json
node -e '
const fs = require("fs"); const f = process.argv[1]; const idx = Number(process.argv[2]);
const j = JSON.parse(fs.readFileSync(f, "utf8")); j.entries = j.entries.filter((e) => e.idx < idx);
fs.writeFileSync(f, JSON.stringify(j, null, 2) + "\n");' "$dir/meta/_journal.json" "$idx"
npx drizzle-kit generate --name "$name"
# A NOT NULL column added to a table that has rows needs its values first: such columns are added empty, filled and
# then constrained (scripts/dev/backfills.json: table, column, the UPDATE that fills it).
node scripts/dev/backfill-migration.mjs "$dir"/${pad}_*.sql
ls "$dir"/${pad}_*.sql 2>/dev/null || echo "no change: no $pad migration"
