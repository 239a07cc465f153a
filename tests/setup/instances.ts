import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createServer, type Server } from '~/server/runtime';
import { GET as serveFile } from '~/pages/files/[...key]';
import { DEMO, parse, type TestServer } from './server';
import { keyOfUrl } from './stored';
import { testScope } from './scope';

/**
 * Another instance of the portal beside a test server: the same database, the same settings (its
 * bucket too, with the s3 driver) and the same clock, and an UPLOAD_DIR of its own unless it is to
 * share the first one's (one machine, or a shared volume). Its requests go through its own app.
 */

export interface Instance extends Server {
  fetch: TestServer['fetch'];
  /** GET /files/<key> on this instance for the demo school (whole, or the range asked for). */
  file(url: string, headers?: Record<string, string>): Promise<Response>;
}

/** GET /files/<key> on one instance, for the demo school's host. */
export function fileOn(server: Server, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const scope = testScope(server.runtime, 'instances-test', DEMO.id);
  return serveFile({
    params: { key: keyOfUrl(url) },
    locals: { scope },
    request: new Request(`http://localhost${url}`, { headers }),
  } as never) as Promise<Response>;
}

function instanceOf(server: Server): Instance {
  return {
    ...server,
    fetch: async (path, init) => parse(await server.app.request(path, init)),
    file: (url, headers = {}) => fileOn(server, url, headers),
  };
}

/** The first server as an instance (the same requests as its own fetch, and its files). */
export const asInstance = (server: TestServer): Instance => ({ ...instanceOf(server), fetch: server.fetch });

export function useInstanceBeside(first: () => TestServer, options: { shareUploadDir?: boolean } = {}): () => Instance {
  let instance: Instance | undefined;
  let dir: string | null = null;
  beforeAll(async () => {
    const config = first().runtime.config;
    dir = options.shareUploadDir ? null : mkdtempSync(join(tmpdir(), 'portal-other-instance-'));
    const server = await createServer(Object.freeze({ ...config, UPLOAD_DIR: dir ?? config.UPLOAD_DIR }), () => first().clock.value);
    // Silent, as the first one, but an error inside a request fails the running test.
    server.runtime.logger = { ...server.runtime.logger, error: (msg, fields) => console.error(`[other instance] ${msg}`, fields) };
    instance = instanceOf(server);
  });
  afterAll(async () => {
    await instance?.runtime.db.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!instance) throw new Error('The other instance is not running.');
    return instance;
  };
}
