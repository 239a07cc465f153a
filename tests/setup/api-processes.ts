import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A portal API in a process of its own (tests/setup/api-process.ts), once it said it is listening. */
export interface ApiProcess {
  port: number;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  log: () => string;
}

/**
 * Starts tests/setup/api-process.ts with `env` over this process's environment (NODE_ENV test,
 * LOG_LEVEL warn, a free port, a one-second database connect timeout unless `env` says otherwise)
 * and waits for its READY line. The caller kills the child when done.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/api-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', API_PROCESS_PORT: '0', DATABASE_CONNECT_TIMEOUT_MS: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it was ready:\n${out}`)));
  });
  return { port, child, log: () => out };
}
