import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { fittingProductIds } from './equipment.fit';

/** Most machine sets kept per instance; the oldest asked goes first. */
const MAX_SETS = 1_000;

interface Entry {
  version: number;
  ids: Promise<string[]>;
}

/**
 * The products fitting a set of machines, kept per instance while the catalogue's version holds. What fits a set
 * changes only with the fit rules, the replaced-by links and which products are listed: the admin's equipment
 * routes announce those as catalogue changes, so this instance and every other forgets with the search cache. A
 * machine registered or a buyer joining a company makes a new set (a new key), so buyers' own changes need no
 * announcement. A build started before a change is kept under the version it started with and never served after.
 */
export class FitCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly version: () => number) {}

  fitting(db: Db, machineIds: readonly string[]): Promise<string[]> {
    if (machineIds.length === 0) return Promise.resolve([]);
    const key = [...machineIds].sort().join(',');
    const version = this.version();
    const known = this.entries.get(key);
    this.entries.delete(key);
    if (known && known.version === version) {
      this.entries.set(key, known);
      return known.ids;
    }
    const ids = fittingProductIds(
      db,
      sql.join(
        machineIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      ),
    );
    const entry = { version, ids };
    this.entries.set(key, entry);
    // A failed build is not kept: the next ask tries again.
    ids.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > MAX_SETS) this.entries.delete(this.entries.keys().next().value!);
    return ids;
  }
}
