// The request scope a probe's service calls run in: the runtime over the probe's own database and
// a request from 127.0.0.1 (the bench's host, so the demo school).
import { parseConfig } from '../src/server/config';
import type { DB } from '../src/server/db/database';
import { readClientHeaders } from '../src/server/http/context';
import { createScope } from '../src/server/http/request-scope';
import type { Scope } from '../src/server/http/scope';
import { createRuntime } from '../src/server/runtime';

export function probeScopes(db: DB): () => Scope {
  const runtime = createRuntime(parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }), db, 'sqlite');
  // A new scope per simulated request, as the server makes one per request.
  return () => createScope(runtime, { requestId: 'probe', ip: '127.0.0.1', host: '127.0.0.1', headers: readClientHeaders(new Headers()) });
}
