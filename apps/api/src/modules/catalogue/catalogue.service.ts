import { buildIndex, generateDonors, indexMemory, type Donor, type DonorIndex } from '@kindred/matching';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './catalogue.repository.ts';

/** The demo catalogue `npm start` seeds on an empty database. Deterministic: same seed, same donors. */
export const DEMO_DONOR_COUNT = 2000;
export const DEMO_DONOR_SEED = 'kindred-demo-2026';

type Snapshot = {
  index: DonorIndex;
  version: number;
  builtForDay: string;
  donorIds: Map<string, string>;
  donors: Map<string, Donor>;
};

/**
 * Keeps the precomputed matching index of the whole catalogue in memory, so ranking and counting never query
 * the database per donor. Any instance that changes donors bumps catalogue_state.version; every instance checks
 * the version on a short interval (and once a day rebuilds anyway, because ages change with the date).
 */
export function createCatalogueService(deps: { db: Db; clock: Clock; log: Pick<FastifyBaseLogger, 'info' | 'error'> }) {
  let snapshot: Snapshot | undefined;
  let building: Promise<Snapshot> | undefined;
  const today = () => deps.clock.now().toISOString().slice(0, 10);

  async function build(): Promise<Snapshot> {
    const started = performance.now();
    const version = await repo.catalogueVersion(deps.db);
    const rows = await repo.loadDonors(deps.db);
    const donors = rows.map((r) => r.record);
    const day = today();
    const index = buildIndex(donors, { asOf: day });
    const next: Snapshot = {
      index,
      version,
      builtForDay: day,
      donorIds: new Map(rows.map((r) => [r.record.reference_id, r.id])),
      donors: new Map(donors.map((d) => [d.reference_id, d])),
    };
    const mem = indexMemory(index);
    deps.log.info(
      {
        donors: donors.length,
        version,
        ms: Math.round(performance.now() - started),
        indexBytesPerDonor: Math.round(mem.bytesPerDonor),
      },
      'matching index built',
    );
    snapshot = next;
    return next;
  }

  /** The current snapshot, rebuilding first when the catalogue version or the day has changed. */
  async function current(): Promise<Snapshot> {
    if (snapshot && snapshot.builtForDay === today()) return snapshot;
    building ??= build().finally(() => (building = undefined));
    return building;
  }

  return {
    current,
    /** Checks the shared version and rebuilds when another instance (or an import here) changed donors. */
    async refreshIfChanged(): Promise<boolean> {
      const version = await repo.catalogueVersion(deps.db);
      if (snapshot && snapshot.version === version && snapshot.builtForDay === today()) return false;
      building ??= build().finally(() => (building = undefined));
      await building;
      return true;
    },
    async upsert(donors: readonly Donor[]) {
      const result = await repo.upsertDonors(deps.db, donors, deps.clock.now());
      building = undefined;
      snapshot = undefined;
      await current();
      return result;
    },
    /** Seeds the deterministic demo catalogue when there are no donors at all. */
    async seedDemo(count = DEMO_DONOR_COUNT): Promise<number> {
      if ((await repo.countDonors(deps.db)) > 0) return 0;
      const donors = generateDonors(count, DEMO_DONOR_SEED, { asOf: today() });
      await repo.upsertDonors(deps.db, donors, deps.clock.now());
      snapshot = undefined;
      return donors.length;
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
