import type { Worker } from 'node:worker_threads';
import { type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, Kysely, type QueryResult, SqliteAdapter, SqliteIntrospector } from 'kysely';
import type { Database } from './schema';
import { CamelCaseRows, SnakeCaseSqliteCompiler } from './snake-case';
import { sqliteWorker } from './sqlite-worker';

/**
 * Reads of a whole class on SQLite, in a worker thread on a connection of its own (decision 137). better-sqlite3 runs
 * a statement on the thread that asks for it: a class of 20,000's ranking, participants or finishers held the
 * server's one event loop for 100–350 ms each, every request of every school waiting (an exam hall's saves too).
 * Here such a read runs beside the event loop; in WAL mode a reader neither waits for the writer nor holds it up, and
 * each statement sees what was committed when it began, as the server's own connection would.
 *
 * Only reads: the connection is query-only, and a transaction is refused. Statements are answered one at a time, in the
 * order asked. tests/api/class-wide-reads.test.ts holds these promises.
 */

// The worker runs as a script (no module of the build to point at, as checkpoints.ts's): the driver's path comes in
// its data. It opens only a file that is there (the server made it before starting the worker). Each statement is
// prepared once per text (bounded as the server's own are: statements are built from code).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const statements = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(message.sql);
    if (!statement) {
      statement = db.prepare(message.sql);
      if (statements.size < workerData.statementsKept) statements.set(message.sql, statement);
    }
    if (!statement.reader) throw new Error('a class-wide read runs statements that return rows only');
    // Rows as arrays, the columns' names once: a class's rows cross to the server's thread at a fraction of the cost.
    statement.raw(true);
    const columns = statement.columns().map((c) => c.name);
    parentPort.postMessage({ id: message.id, columns, rows: statement.all(message.parameters) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
});
`;

/** Statements the worker keeps prepared, as the server's own connection does (database.ts). */
const STATEMENTS_KEPT = 1_000;

type FromWorker = { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: { message: string; code?: string } };

const naming = new CamelCaseRows();

/** The worker's rows as the server's connection answers them (CamelCaseRows): objects keyed by camelCase names. */
function rowsOf(columns: string[], rows: unknown[][]): Record<string, unknown>[] {
  const names = columns.map((c) => naming.toCamelCase(c));
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
}

/** What answers a statement once the worker has ended, and who hears why it ended. */
export interface WhenEnded {
  /** The server's own connection: the reads go on, holding the event loop as they did before the worker. */
  fallback: (compiledQuery: CompiledQuery) => Promise<QueryResult<unknown>>;
  /** Why the worker ended (never called for a stop asked by destroy()). */
  onError: (error: Error) => void;
}

class WorkerConnection implements DatabaseConnection {
  readonly #worker: Worker;
  readonly #whenEnded: WhenEnded;
  #stopping = false;
  readonly #waiting = new Map<number, { query: CompiledQuery; resolve: (result: QueryResult<unknown>) => void; reject: (error: Error) => void }>();
  #asked = 0;
  /** Why the worker ended (an error, or stopped): every later statement goes to the fallback. */
  #ended: Error | null = null;

  constructor(worker: Worker, whenEnded: WhenEnded) {
    this.#worker = worker;
    this.#whenEnded = whenEnded;
    worker.on('message', (message: FromWorker) => {
      const waiting = this.#waiting.get(message.id);
      if (!waiting) return;
      this.#answered(message.id);
      if ('rows' in message) waiting.resolve({ rows: rowsOf(message.columns, message.rows) });
      else waiting.reject(Object.assign(new Error(message.error.message), message.error.code ? { code: message.error.code } : {}));
    });
    // A worker that ended answers nobody: the statements waiting for it, and those asked later, go to the fallback.
    const end = (error: Error) => {
      if (!this.#ended && !this.#stopping) this.#whenEnded.onError(error);
      this.#ended ??= error;
      for (const { query, resolve, reject } of this.#waiting.values()) this.#whenEnded.fallback(query).then(resolve, reject);
      this.#waiting.clear();
    };
    worker.on('error', end);
    worker.on('exit', () => end(new Error('the class-wide reads have stopped')));
  }

  /** destroy() asked the worker to stop: its end is no error. */
  stopping() {
    this.#stopping = true;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#ended) return this.#whenEnded.fallback(compiledQuery) as Promise<QueryResult<R>>;
    const id = ++this.#asked;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive only while a statement waits for it (a script's last read is answered).
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { query: compiledQuery, resolve: resolve as (result: QueryResult<unknown>) => void, reject });
      this.#worker.postMessage({ id, sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    });
  }

  #answered(id: number) {
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  // biome-ignore lint/correctness/useYield: a class-wide read is answered whole; streaming is refused
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('a class-wide read is answered whole');
  }
}

class WorkerDriver implements Driver {
  readonly #worker: Worker;
  readonly #connection: WorkerConnection;
  readonly #ended: Promise<void>;

  constructor(worker: Worker, whenEnded: WhenEnded) {
    this.#worker = worker;
    this.#connection = new WorkerConnection(worker, whenEnded);
    this.#ended = new Promise((resolve) => worker.once('exit', () => resolve()));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('a class-wide read runs no transaction');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // Kept alive until the thread has closed its connection (a script's last await is this).
    this.#worker.ref();
    this.#connection.stopping();
    this.#worker.postMessage({ type: 'stop' });
    await this.#ended;
  }
}

class WorkerDialect implements Dialect {
  readonly #worker: Worker;
  readonly #whenEnded: WhenEnded;

  constructor(worker: Worker, whenEnded: WhenEnded) {
    this.#worker = worker;
    this.#whenEnded = whenEnded;
  }

  createDriver() {
    return new WorkerDriver(this.#worker, this.#whenEnded);
  }

  createQueryCompiler() {
    return new SnakeCaseSqliteCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * A database for class-wide reads over the SQLite file `file` (already made, in WAL mode), answered by a worker thread.
 * Its statements are built as the server's own connection's are (snake_case names, rows in camelCase). Should the
 * thread end (it could not open the file, or failed), `whenEnded` answers the statements asked after. destroy() stops
 * the thread.
 */
export function classWideReads(file: string, busyTimeoutMs: number, whenEnded: WhenEnded): Kysely<Database> {
  const worker = sqliteWorker(WORKER_SOURCE, { file, busyTimeoutMs, statementsKept: STATEMENTS_KEPT });
  // The rows come keyed in camelCase already (rowsOf): no plugin maps them again.
  return new Kysely<Database>({ dialect: new WorkerDialect(worker, whenEnded) });
}
