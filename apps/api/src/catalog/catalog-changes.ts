/**
 * A committed change of `numbers` rows. Every write of the catalogue is told as one, after its
 * transaction commits: inserted (a load), repriced (price or offer), status (hidden or shown),
 * held (checkout), released (a hold given back), sold (a payment), removed (seed --reset),
 * classified (categories filled for rows stored before they were kept).
 */
export interface CatalogChange {
  kind:
    'inserted' | 'repriced' | 'status' | 'held' | 'released' | 'sold' | 'removed' | 'classified';
  /** How many rows changed (never 0: nothing is told when nothing changed). */
  count: number;
}

/**
 * Where the catalogue tells its changes, and where whatever keeps copies of catalogue data (the
 * listing cache) hears them. In-process now; a PostgreSQL LISTEN/NOTIFY implementation behind
 * the same two calls would tell every server process.
 */
export interface CatalogChanges {
  publish(change: CatalogChange): void;
  /** Calls `listener` with every change published from now on; returns the way to stop. */
  subscribe(listener: (change: CatalogChange) => void): () => void;
}

/** The changes of this process, told to this process's listeners at once. */
export function createInProcessCatalogChanges(): CatalogChanges {
  const listeners = new Set<(change: CatalogChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
