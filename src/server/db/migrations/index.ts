import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m20261122T0900 from './20261122T0900_initial';
import * as m20261122T0950 from './20261122T0950_identity';

/** Static list so migrations survive bundling. Names sort by time; never rename or edit one. */
const migrations: Record<string, Migration> = {
  '20261122T0900_initial': m20261122T0900,
  '20261122T0950_identity': m20261122T0950,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
