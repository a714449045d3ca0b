// Runs the server and invariant suites again on real PostgreSQL (DATABASE_URL, default: the local server).
import { execSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Integration suite on PostgreSQL: ${url.replace(/:[^:@/]*@/, ':***@')}`);
execSync('npx vitest run src/server tests', { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
