import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The product's server as a separate process (src/server/main.ts) on a test database, for the tests that kill it with
 * SIGKILL in the middle of work (DESIGN §6c) and start it again on the same database.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

export interface ServerProcess {
  base: string;
  start(): Promise<void>;
  /** SIGKILL, resolved once the process has exited. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), resolved once exited; nothing when not running. */
  stop(): Promise<void>;
}

export async function serverProcess(opts: { dbUrl: string; name: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const exit = (p: ChildProcess, signal: NodeJS.Signals) => {
    if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
    const exited = new Promise((r) => p.once('exit', r));
    p.kill(signal);
    return exited.then(() => undefined);
  };
  return {
    base,
    async start() {
      const p = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env, DATABASE_URL: opts.dbUrl, PORT: String(port), HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', JOBS_ENABLED: 'false',
          LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: path.join(os.tmpdir(), `${opts.name}-${process.pid}`), ...opts.env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      p.stderr!.on('data', (d) => (err += d));
      child = p;
      // tsx compiles on the first start; later starts take a few seconds (more on a loaded machine).
      for (const until = Date.now() + 90_000; Date.now() < until;) {
        if (p.exitCode !== null) throw new Error(`server exited ${p.exitCode}: ${err}`);
        const up = await fetch(`${base}/loanapi/account/get_userinfo`).then(() => true, () => false);
        if (up) return;
        await sleep(100);
      }
      throw new Error(`server did not start: ${err}`);
    },
    kill: () => (child ? exit(child, 'SIGKILL') : Promise.resolve()),
    stop: () => (child ? exit(child, 'SIGTERM') : Promise.resolve()),
  };
}
