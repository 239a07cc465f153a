import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request as send } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { OPTIONS_ORIGINAL, OPTIONS_REPLACEMENT, requestsUnwired, WIRE_ORIGINAL, WIRE_REPLACEMENT } from '../../scripts/page-requests.mjs';
import { ASTRO_NODE_APP, type AstroNodeModule, rewrittenAstroNode } from '../setup/astro-node';
import { testTempDir } from '../setup/temp-dir';

/**
 * A request that reads nothing from its visitor is made into a web Request without an abort signal
 * (scripts/page-requests.mjs, decision 109): the installed Astro still has the code the build rewrites, and on a real
 * server a GET or HEAD wires nothing to its connection, while a request with a body is aborted when its visitor leaves
 * (the API's "client aborted", src/server/app.ts).
 */

describe('web Requests of requests without a body', () => {
  test("the installed Astro's Node module has the code the build rewrites, and only it changes", () => {
    const node = readFileSync(ASTRO_NODE_APP, 'utf8');
    expect(requestsUnwired(node)).toBe(node.replace(OPTIONS_ORIGINAL, OPTIONS_REPLACEMENT).replace(WIRE_ORIGINAL, WIRE_REPLACEMENT));
  });

  test('a module without the code, or with it twice, stops the build', () => {
    expect(() => requestsUnwired('export function createRequestFromNodeRequest() {}')).toThrow(/no longer has/);
    expect(() => requestsUnwired(`${OPTIONS_ORIGINAL}${WIRE_ORIGINAL}${OPTIONS_ORIGINAL}${WIRE_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => requestsUnwired(OPTIONS_ORIGINAL)).toThrow(/no longer has/);
  });

  test('on a real server: a GET or HEAD wires nothing to its connection; a request with a body is aborted when its visitor leaves', async () => {
    const node: AstroNodeModule = await rewrittenAstroNode(testTempDir('page-requests-'), requestsUnwired);
    const seen = new Map<string, { request: Request; req: IncomingMessage; listenersBefore: number; listenersAfter: number }>();
    const arrived = new Map<string, PromiseWithResolvers<void>>();
    const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const method of METHODS) arrived.set(method, Promise.withResolvers<void>());
    const server = createServer((req, res) => {
      const listenersBefore = req.socket.listenerCount('close');
      const request = node.createRequestFromNodeRequest(req);
      seen.set(req.method ?? '', { request, req, listenersBefore, listenersAfter: req.socket.listenerCount('close') });
      arrived.get(req.method ?? '')?.resolve();
      // A GET or HEAD is answered; a request with a body is left waiting for the rest of its body.
      if (req.method === 'GET' || req.method === 'HEAD') res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const method of METHODS) {
        const body = method === 'GET' || method === 'HEAD' ? undefined : 'a=1';
        const outgoing = send({ host: '127.0.0.1', port, method, path: '/', headers: body ? { 'Content-Length': '100' } : {} });
        outgoing.on('error', () => undefined);
        outgoing.on('response', (answer) => answer.resume());
        // A body is sent in part: the server has the request, and the visitor leaves before the rest.
        if (body) outgoing.write(body);
        else outgoing.end();
        await arrived.get(method)?.promise;
        outgoing.destroy();
      }
      for (const method of METHODS) {
        const { request, req, listenersBefore, listenersAfter } = seen.get(method)!;
        expect(request.method).toBe(method);
        const readsNothing = method === 'GET' || method === 'HEAD';
        // The connection's close is listened to for a request with a body only.
        expect(listenersAfter - listenersBefore, method).toBe(readsNothing ? 0 : 1);
        await new Promise<void>((resolve) => (req.socket.destroyed ? resolve() : req.socket.once('close', () => resolve())));
        // Its visitor gone, a request with a body is aborted; a GET or HEAD's signal never is.
        await expect.poll(() => request.signal.aborted, { timeout: 2_000 }).toBe(!readsNothing);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
