import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of a test's own, to stop and start at will (a database restart, an outage at
 * start-up). Debian's binaries under /usr/lib/postgresql/<version>/bin; as root the server runs as
 * the postgres user (it refuses root). Durability settings are off: the server's restarts are
 * "fast" (clean), which is what an operator's restart or a failover looks like to the portal.
 */
export interface PgCluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Ends every backend of the portal's database (an administrator's pg_terminate_backend). */
  terminateBackends(state?: 'idle'): void;
  remove(): void;
}

function binDir(): string | null {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    return versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
  } catch {
    return null;
  }
}

export const PG_BINARIES = binDir();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = PG_BINARIES;
  if (!bin) throw new Error('PostgreSQL is not installed (scripts/with-pg.sh installs it)');
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-cluster-'));
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => as(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/log`, '-o', opts, '-w', 'start']);
  const stop = () => as(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
  try {
    if (root) spawnSync('chown', ['postgres', dir]);
    as(`${bin}/initdb`, ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    start();
  } catch (error) {
    // A cluster that did not start leaves no directory behind.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const psql = (query: string) => as(`${bin}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', query]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    terminateBackends(state) {
      psql(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()" +
          (state ? ` and state = '${state}'` : ''),
      );
    },
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
