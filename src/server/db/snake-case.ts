import {
  CamelCasePlugin,
  PostgresDialect,
  PostgresQueryCompiler,
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type PostgresDialectConfig,
  type PluginTransformQueryArgs,
  type RootOperationNode,
} from 'kysely';
import { NamingPostgresAdapter, StatementNames } from './statement-names';

/**
 * The code names columns and tables in camelCase, the database in snake_case (decision 065).
 * Kysely's CamelCasePlugin does both directions: it copies every statement's whole tree to rename
 * its identifiers, then maps each answer's rows. Here the compilers write each identifier in
 * snake_case as they print it (the same renaming, CamelCasePlugin's own, of the same identifiers),
 * and the plugin keeps only the answers' side: the tree is no longer copied on every statement.
 */

/** The answers' side of CamelCasePlugin: rows' snake_case keys become camelCase; statements pass as they are. */
export class CamelCaseRows extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** CamelCasePlugin's renaming of an identifier into the database's (memoised; identifiers come from the code, so they are few). */
  toSnakeCase(identifier: string): string {
    return this.snakeCase(identifier);
  }

  /** CamelCasePlugin's renaming of a column of an answer into the code's (the rows' keys this plugin makes). */
  toCamelCase(column: string): string {
    return this.camelCase(column);
  }
}

const naming = new CamelCaseRows();

/**
 * A bound value as SQLite's statements carry it: `+?`, the same value with the same (no) affinity
 * (decision 070). SQLite, as better-sqlite3 builds it (with STAT4), marks a joined statement whose
 * WHERE compares a column with a bare `?` to be planned again whenever that value is bound, that
 * is on every run: the statement is prepared anew each time (10–150 µs). `+?` is not a bare
 * parameter to the planner, so the prepared plan is kept.
 */
export const SQLITE_PARAMETER = '+?';

export class SnakeCaseSqliteCompiler extends SqliteQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(naming.toSnakeCase(identifier));
  }

  protected override getCurrentParameterPlaceholder(): string {
    return SQLITE_PARAMETER;
  }
}

class SnakeCasePostgresCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(naming.toSnakeCase(identifier));
  }
}

/**
 * SQLite's transactions take the write lock with their first statement (decision 102). Begun deferred, a transaction
 * that reads before it writes is refused its first write (SQLITE_BUSY) when another process on the file wrote in
 * between, and no busy timeout waits that out. In one process nothing changes: Kysely gives a transaction the one
 * connection to itself.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class SnakeCaseSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createQueryCompiler() {
    return new SnakeCaseSqliteCompiler();
  }
}

export class SnakeCasePostgresDialect extends PostgresDialect {
  readonly #statements: StatementNames;

  /** `statements`: the names of the statements printed once (decision 118), shared with the pool's connections. */
  constructor(config: PostgresDialectConfig, statements = new StatementNames()) {
    super(config);
    this.#statements = statements;
  }

  override createQueryCompiler() {
    return new SnakeCasePostgresCompiler();
  }

  override createAdapter() {
    return new NamingPostgresAdapter(this.#statements);
  }
}
