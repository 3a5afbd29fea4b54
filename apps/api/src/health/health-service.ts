import { isDatabaseUp, type Database } from '../db/database';

/** Whether the server's database answers. */
export function createHealthService(database: Database) {
  return {
    async database() {
      return { kind: database.kind, up: await isDatabaseUp(database.db) };
    },
  };
}
