#!/usr/bin/env bash
# Development only (issue 13, parallel work on the statistics fact tables): drops the unlanded migration 0015 and
# generates it again from every *.table.ts, under a lock so that two people never generate at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec 9>/tmp/regen-stat-migration.lock
flock 9
dir=src/server/db/migrations
rm -f "$dir"/0015_*.sql "$dir"/meta/0015_snapshot.json
node -e '
const fs = require("fs"); const f = process.argv[1];
const j = JSON.parse(fs.readFileSync(f, "utf8")); j.entries = j.entries.filter((e) => e.idx < 15);
fs.writeFileSync(f, JSON.stringify(j, null, 2));' "$dir/meta/_journal.json"
npx drizzle-kit generate --name stat_facts
ls "$dir"/0015_*.sql 2>/dev/null || echo "no change: no 0015 migration"
