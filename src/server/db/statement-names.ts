import { PostgresAdapter } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL: the statements printed once (prepared.ts, decision 071) are prepared on the server once per connection,
 * under a name, and then only bound and run (decision 118). Without a name the driver sends every statement to be
 * parsed and planned again: on this machine PostgreSQL spent 2.1–2.6 ms of CPU on each answer save, 0.9–1.0 ms with
 * the names. Only those statements get one: they are the hot ones and there are few (each `prepared` of the code,
 * each list length of a `preparedIn` up to its longest), so each connection keeps a bounded number.
 */

/** The name of each statement printed once, by its text; one per database, shared by its connections. */
export class StatementNames {
  readonly #names = new Map<string, string>();

  /** Names a printed statement (the same text keeps its name). */
  name(text: string): void {
    if (!this.#names.has(text)) this.#names.set(text, `portal_${this.#names.size}`);
  }

  of(text: string): string | undefined {
    return this.#names.get(text);
  }
}

/** PostgreSQL's adapter, with the names its statements printed once get (prepared.ts names them as it prints them). */
export class NamingPostgresAdapter extends PostgresAdapter {
  readonly statements: StatementNames;

  constructor(statements: StatementNames) {
    super();
    this.statements = statements;
  }
}

/**
 * A named statement the server no longer runs as it was prepared: its result's columns changed under it (a migration
 * added a column to a table it reads whole, while this process ran: a rolling upgrade), or the server forgot it.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * A transaction failed on a named statement that went stale (its connection prepares it again on the next use): the
 * request may be sent again at once. The API answers it as "not now" (503 with Retry-After), which the answering page
 * and the player retry by themselves.
 */
export function isStaleStatement(error: unknown): boolean {
  return error instanceof Error && STALE_STATEMENT.has((error as { code?: string }).code ?? '');
}

type QueryArgs = [text: unknown, values?: unknown, callback?: unknown];

/**
 * pg's Client, running each named statement by its name. A stale one (STALE_STATEMENT) is prepared again under a new
 * name on this connection: outside a transaction the statement is run again at once; inside one the error stands (the
 * server has aborted the transaction; isStaleStatement) and the next use prepares it anew.
 */
export function namingClient(Base: typeof pg.Client, statements: StatementNames): typeof pg.Client {
  return class NamingClient extends Base {
    /** Names this connection gave a statement instead of its own, after the one before went stale. */
    readonly #renamed = new Map<string, string>();
    /** How many times this connection renamed a statement: each new name is new on the connection. */
    #renames = 0;
    #inTransaction = false;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only a text with its values is named
    override query(...args: any[]): any {
      const [text, values, callback] = args as QueryArgs;
      if (typeof text !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values))) return super.query(...(args as [string]));
      this.#noteTransaction(text);
      const name = statements.of(text);
      if (name === undefined) return values === undefined ? super.query(text) : super.query(text, values);
      return this.#named(name, text, (values ?? []) as unknown[], !this.#inTransaction);
    }

    async #named(name: string, text: string, values: unknown[], retry: boolean): Promise<pg.QueryResult> {
      try {
        return await super.query({ name: this.#renamed.get(name) ?? name, text, values });
      } catch (error) {
        if (!isStaleStatement(error)) throw error;
        this.#renames += 1;
        this.#renamed.set(name, `${name}_${this.#renames}`);
        if (!retry) throw error;
        return await super.query({ name: this.#renamed.get(name)!, text, values });
      }
    }

    /** Follows Kysely's transaction statements on this connection (savepoints leave the transaction as it is). */
    #noteTransaction(text: string): void {
      if (text === 'begin' || text.startsWith('start transaction')) this.#inTransaction = true;
      else if (text === 'commit' || text === 'rollback') this.#inTransaction = false;
    }
  };
}
