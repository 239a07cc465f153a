// The request scope a probe's service calls run in: the runtime over the probe's own database and
// a request from 127.0.0.1 (the bench's host, so the demo school), with a student's session token when given.
import { parseConfig } from '../src/server/config';
import type { DatabaseKind, DB } from '../src/server/db/database';
import { readClientHeaders } from '../src/server/http/context';
import { createScope } from '../src/server/http/request-scope';
import type { Scope } from '../src/server/http/scope';
import { createRuntime } from '../src/server/runtime';

/** `classWideDb`: where class-wide reads go (openDatabase's, a worker thread's on SQLite when asked for), else `db`. */
export function probeScopes(db: DB, kind: DatabaseKind = 'sqlite', token?: string, classWideDb: DB = db): () => Scope {
  const runtime = createRuntime(parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }), db, kind, Date.now, undefined, classWideDb);
  // A new scope per simulated request, as the server makes one per request.
  return () =>
    createScope(runtime, { requestId: 'probe', ip: '127.0.0.1', host: '127.0.0.1', headers: readClientHeaders(new Headers(token ? { Token: token } : {})) });
}

/**
 * COMPILED=1: counts the statements `db` builds and prints anew (those not printed once, src/server/db/prepared.ts),
 * by their SQL. The map stays empty otherwise.
 */
export function countCompiled(db: DB): Map<string, number> {
  const compiled = new Map<string, number>();
  if (!process.env.COMPILED) return compiled;
  const executor = Object.getPrototypeOf(db.getExecutor()) as { compileQuery: (...a: unknown[]) => { sql: string } };
  const compile = executor.compileQuery;
  executor.compileQuery = function (this: unknown, ...a: unknown[]) {
    const query = compile.apply(this, a);
    compiled.set(query.sql, (compiled.get(query.sql) ?? 0) + 1);
    return query;
  };
  return compiled;
}

/** Prints what countCompiled counted over `runs` calls, when COMPILED=1. */
export function printCompiled(compiled: Map<string, number>, runs: number, indent = '  ') {
  if (!process.env.COMPILED) return;
  console.log(`${indent}built and printed anew each call (${[...compiled.values()].reduce((a, b) => a + b, 0) / runs} a call):`);
  for (const [sql, n] of compiled) console.log(`${indent}  x${n / runs}  ${sql.slice(0, 200)}`);
}
