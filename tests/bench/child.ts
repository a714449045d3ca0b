/** Starts tests/bench/server.ts in a child process and talks to it (HTTP for the API, IPC for the rest). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, type SeededDb } from './seeded-db';

export interface BenchServer {
  base: string;
  pid: number;
  /** Sends a message and waits for the answer with the same id. */
  ask<T = Record<string, unknown>>(msg: Record<string, unknown>): Promise<T>;
  /** Current and peak resident memory of the server process, bytes (/proc/<pid>/status VmRSS, VmHWM). */
  memory(): { rss: number; peak: number };
  login(account?: string): Promise<string>;
  /** GET an API path with a token; the envelope's data (throws on a non-zero code). */
  get<T = any>(token: string, url: string, query?: Record<string, string | number | undefined>): Promise<T>;
  stop(): Promise<void>;
}

export function queryString(query: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export async function startServer(db: SeededDb): Promise<BenchServer> {
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', path.resolve('tests/bench/server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '', LOG_LEVEL: 'silent' },
  });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  let nextId = 1;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
    child.on('message', (m: Record<string, unknown>) => {
      if (m.type === 'ready') resolve(m.port as number);
      else waiting.get(m.id as number)?.(m);
    });
  });
  child.removeAllListeners('exit');
  const base = `http://127.0.0.1:${port}`;
  const status = (key: string) => {
    const line = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${key}:`));
    return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
  };
  const server: BenchServer = {
    base,
    pid: child.pid!,
    ask<T>(msg: Record<string, unknown>) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.error) reject(new Error(String(m.error)));
          else resolve(m as T);
        });
        child.send({ ...msg, id });
      });
    },
    memory: () => ({ rss: status('VmRSS'), peak: status('VmHWM') }),
    async login(account = 'admin') {
      const res = await fetch(`${base}/loanapi/account/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, pwd: DEMO_PASSWORD }),
      });
      const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
      if (body.code !== 20000 || !body.data?.token) throw new Error(`login failed: ${body.code} ${body.msg}`);
      return body.data.token;
    },
    async get(token, url, query) {
      const res = await fetch(`${base}${url}${queryString(query)}`, { headers: { 'x-api-token': token } });
      const body = (await res.json()) as { code: number; msg: string; data: any };
      if (body.code !== 20000) throw new Error(`${url}: ${body.code} ${body.msg}`);
      return body.data;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return server;
}
