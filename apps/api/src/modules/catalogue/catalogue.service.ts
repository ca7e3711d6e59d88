import {
  buildIndexFromEntriesInSteps,
  createIndexWriter,
  deserializeIndex,
  generateDonors,
  indexEntryOfSource,
  indexMemory,
  mergeIndexInSteps,
  rebuildIndexInSteps,
  serializeIndex,
  updateIndex,
  type Donor,
  type DonorIndex,
} from '@kindred/matching';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import * as repo from './catalogue.repository.ts';
import { engineBuild } from './index-snapshot.ts';

/** The demo catalogue `npm start` seeds on an empty database. Deterministic: same seed, same donors. */
export const DEMO_DONOR_COUNT = 2000;
export const DEMO_DONOR_SEED = 'kindred-demo-2026';
/** Donors encoded between two yields to the event loop (a few milliseconds of work). */
const SLICE = 2000;
/** New or changed donors encoded between two yields when merged into the index (full records, slower to encode). */
const MERGE_SLICE = 1000;
/**
 * Rows read per query when loading the whole catalogue: big enough that round trips do not count, small enough
 * that few rows are alive at once (what is alive when V8 collects its young generation is copied, and grows it).
 */
const PAGE = 2000;
/** Changed donors' records (2-3 KB each) read per query when applying changes: a few milliseconds to parse. */
const CHANGED_PAGE = 500;
/**
 * Catalogues from this many donors keep a snapshot of the index (issue 26; below it, reading the rows takes well
 * under a second). A snapshot is passed over when more than this share of the donors changed since it was written:
 * reading their whole records would cost more than the rows.
 */
const SNAPSHOT_MIN_DONORS = 10_000;
const SNAPSHOT_MAX_CHANGED_SHARE = 0.1;

/**
 * What an instance holds of the catalogue: the engine's index, under 100 bytes a donor. Donor records (2-3 KB
 * each) stay in the database and are read for the few donors a response shows.
 */
type Snapshot = {
  index: DonorIndex;
  version: number;
  builtForDay: string;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a sliced computation, letting the event loop serve other work between slices. */
async function runInSlices<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/**
 * Keeps the precomputed matching index of the whole catalogue in memory, so ranking and counting never query
 * the database per donor (ADR 015). Every change bumps catalogue_state.version and stamps the changed donors
 * with it, in one transaction that also announces the version to every instance (`kindred_catalogue`). An
 * instance then reads only the donors changed since the version it holds and applies them to a copy of its
 * index (`updateIndex` for edits, `mergeIndexInSteps` for new donors: the others are copied, not re-encoded);
 * only a new day needs a full build, done from memory in slices so the event loop never stalls. Polling
 * (`refreshIfChanged`, jobs/catalogue-refresh) is the fallback for lost events.
 */
export function createCatalogueService(deps: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  events: Pick<EventBus, 'publish' | 'subscribe' | 'onReconnect'>;
  /** Catalogues from this many donors keep a snapshot of the index (default 10,000; tests lower it). */
  snapshotMinDonors?: number;
}) {
  const snapshotMin = deps.snapshotMinDonors ?? SNAPSHOT_MIN_DONORS;
  let snapshot: Snapshot | undefined;
  /** Where this instance's index came from at start, and the snapshot being written (tests wait for it). */
  let loadedFrom: 'snapshot' | 'rows' | undefined;
  let saving: Promise<void> = Promise.resolve();
  let building: Promise<Snapshot> | undefined;
  /** Builds and changes run one at a time, in order, so none overwrites a newer snapshot with an older one. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const stats = { fullBuilds: 0, incrementalUpdates: 0 };
  const today = () => deps.clock.now().toISOString().slice(0, 10);

  function logged(next: Snapshot, started: number): Snapshot {
    deps.log.info(
      {
        donors: next.index.size,
        version: next.version,
        ms: Math.round(performance.now() - started),
        indexBytesPerDonor: Math.round(indexMemory(next.index).bytesPerDonor),
      },
      'matching index built',
    );
    return next;
  }

  async function finish(
    steps: Generator<void, DonorIndex, void>,
    at: { day: string; version: number; started: number },
  ): Promise<Snapshot> {
    const { day, version, started } = at;
    const index = await runInSlices(steps);
    stats.fullBuilds += 1;
    return logged({ index, version, builtForDay: day }, started);
  }

  /** The index at start: from the snapshot this engine build left, else from every donor's row (then saved). */
  async function loadAll(): Promise<Snapshot> {
    const fromSnapshot = await loadSnapshot();
    if (fromSnapshot) return fromSnapshot;
    const built = await loadRows();
    loadedFrom = 'rows';
    saveSoon(built);
    return built;
  }

  /**
   * The index from the snapshot this engine build wrote (migration 120), brought to today and to the current
   * catalogue through the change path; undefined when there is none that fits (then the rows are read).
   */
  async function loadSnapshot(): Promise<Snapshot | undefined> {
    const started = performance.now();
    const engine = await engineBuild();
    const row = await repo.findIndexSnapshot(deps.db, engine);
    if (!row || row.donors < snapshotMin) return undefined;
    const version = Number(row.catalogue_version);
    const [current, changed] = [await repo.catalogueVersion(deps.db), await repo.countChangedSince(deps.db, version)];
    // A version ahead of the catalogue's is another history (a restored database): not ours to trust.
    if (version > current || changed > row.donors * SNAPSHOT_MAX_CHANGED_SHARE) return undefined;
    const bytes = await repo.readIndexSnapshotBytes(deps.db, engine);
    if (!bytes) return undefined;
    let index: DonorIndex;
    try {
      index = deserializeIndex(bytes);
    } catch (err) {
      deps.log.error({ err }, 'matching index snapshot unreadable; building from the donors');
      return undefined;
    }
    snapshot = { index, version, builtForDay: index.asOf };
    if (snapshot.builtForDay !== today()) await rebuildForToday();
    await applyChanges();
    if (snapshot.index.size !== (await repo.countDonors(deps.db))) {
      deps.log.error(
        { donors: snapshot.index.size },
        'matching index snapshot does not add up; building from the donors',
      );
      snapshot = undefined;
      return undefined;
    }
    loadedFrom = 'snapshot';
    deps.log.info(
      { donors: snapshot.index.size, version: snapshot.version, ms: Math.round(performance.now() - started) },
      'matching index loaded from its snapshot',
    );
    if (snapshot.version !== version || snapshot.builtForDay !== index.asOf) saveSoon(snapshot);
    return snapshot;
  }

  /** Writes a snapshot of this index in the background (a failure only means a slower next start). */
  function saveSoon(held: Snapshot) {
    if (held.index.size < snapshotMin) return;
    saving = (async () => {
      const bytes = serializeIndex(held.index);
      await repo.saveIndexSnapshot(deps.db, {
        engine: await engineBuild(),
        version: held.version,
        day: held.builtForDay,
        donors: held.index.size,
        bytes,
        at: deps.clock.now(),
      });
    })().catch((err: unknown) => deps.log.error({ err }, 'matching index snapshot not saved'));
  }

  /**
   * Loads the whole catalogue page by page, encoding each donor's index source into the index as it arrives (no
   * record is read, no row kept). If the rows do not come in the index's order or their number changed
   * meanwhile, the pages are read again and the entries sorted before the build.
   */
  async function loadRows(): Promise<Snapshot> {
    const started = performance.now();
    const day = today();
    // Read first: a donor changed while the pages load is stamped later and applied again afterwards.
    const version = await repo.catalogueVersion(deps.db);
    const size = await repo.countDonors(deps.db);
    const writer = createIndexWriter(size, day);
    const refs: string[] = [];
    let inOrder = true;
    await forEachPage((r) => {
      const ref = r.reference_id;
      inOrder &&= refs.length < size && (refs.length === 0 || refs.at(-1)! < ref);
      if (inOrder) writer.write(refs.length, indexEntryOfSource(r.source, day, r.bank_name));
      refs.push(ref);
    });
    if (inOrder && refs.length === size) {
      stats.fullBuilds += 1;
      snapshot = logged({ index: writer.finish(refs), version, builtForDay: day }, started);
      return snapshot;
    }
    const entries: ReturnType<typeof indexEntryOfSource>[] = [];
    refs.length = 0;
    await forEachPage((r) => {
      refs.push(r.reference_id);
      entries.push(indexEntryOfSource(r.source, day, r.bank_name));
    });
    const steps = buildIndexFromEntriesInSteps(refs, entries, { asOf: day, sliceSize: SLICE });
    snapshot = await finish(steps, { day, version, started });
    return snapshot;
  }

  /**
   * Every donor's index source, a page at a time. The next page is asked for before this one is encoded, so the
   * database reads it while this process encodes (on PGlite the queries simply run one after the other).
   */
  async function forEachPage(fn: (row: repo.IndexRow) => void) {
    let next = repo.loadIndexPage(deps.db, '', PAGE);
    for (;;) {
      const rows = await next;
      const more = rows.length === PAGE;
      if (more) {
        next = repo.loadIndexPage(deps.db, rows.at(-1)!.reference_id, PAGE);
        // Awaited on the next turn of the loop; if `fn` throws first, its failure is not an unhandled rejection.
        next.catch(() => undefined);
      }
      rows.forEach(fn);
      if (!more) return;
    }
  }

  /** Reads the donors changed since the version this instance holds and applies just those. */
  async function applyChanges(): Promise<boolean> {
    const held = snapshot;
    if (!held) return false;
    const version = await repo.catalogueVersion(deps.db);
    if (version <= held.version) return false;
    // Pages of changed donors: a donor changed again meanwhile comes again at its later version, which wins.
    const latest = new Map<string, Donor>();
    for (let after: repo.ChangeCursor = { version: held.version, reference: '' }; ;) {
      const rows = await repo.loadDonorsChangedSince(deps.db, held.version, after, CHANGED_PAGE);
      for (const r of rows) latest.set(r.record.reference_id, r.record);
      if (rows.length < CHANGED_PAGE) break;
      after = { version: Number(rows.at(-1)!.version), reference: rows.at(-1)!.record.reference_id };
    }
    const changed = [...latest.values()];
    // The index is copy-on-write: requests ranking against the one held meanwhile keep a consistent view. Edits
    // of held donors are rewritten in place (`updateIndex`, in one go up to a slice of donors); new donors, and
    // larger changes, are merged in slices (`mergeIndexInSteps`): the donors that stay are copied, not re-encoded.
    const asOf = { asOf: held.builtForDay };
    const index =
      (changed.length <= SLICE ? updateIndex(held.index, changed, asOf) : null) ??
      (await runInSlices(mergeIndexInSteps(held.index, changed, { ...asOf, sliceSize: MERGE_SLICE })));
    if (index) {
      stats.incrementalUpdates += 1;
      snapshot = { ...held, index, version };
    } else {
      // Only if the index was built for another day than it says (never): rebuild from the index itself.
      const day = today();
      const steps = rebuildIndexInSteps(held.index, changed, { asOf: day, sliceSize: SLICE });
      snapshot = await finish(steps, { day, version, started: performance.now() });
    }
    return true;
  }

  /** Applies changes after any build or change under way. */
  const queueApply = () => serial(applyChanges);
  /** For events: failures are logged, and the poll (or the next event) tries again. */
  const applySoon = () => void queueApply().catch((err: unknown) => deps.log.error({ err }, 'catalogue update failed'));

  /** A new day moves ages: rebuilt from the index itself (it keeps dates of birth), no database read. */
  async function rebuildForToday(): Promise<Snapshot> {
    const held = snapshot!;
    const day = today();
    const steps = rebuildIndexInSteps(held.index, [], { asOf: day, sliceSize: SLICE });
    snapshot = await finish(steps, { day, version: held.version, started: performance.now() });
    if (loadedFrom) saveSoon(snapshot);
    return snapshot;
  }

  /** The current snapshot, building it first when there is none or the day has changed. */
  async function current(): Promise<Snapshot> {
    if (snapshot && snapshot.builtForDay === today()) return snapshot;
    building ??= serial(() =>
      snapshot?.builtForDay === today() ? Promise.resolve(snapshot) : snapshot ? rebuildForToday() : loadAll(),
    ).finally(() => (building = undefined));
    return building;
  }

  const announce: repo.AnnounceVersion = deps.events
    ? (tx, version) => deps.events!.publish(tx, 'kindred_catalogue', { version })
    : repo.notifyVersion;

  deps.events.subscribe('kindred_catalogue', (payload) => {
    if (snapshot && Number(payload.version) > snapshot.version) applySoon();
  });
  deps.events.onReconnect(applySoon);

  return {
    current,
    /** Full records of these donors (for details and explanations), by public id; unknown ids are left out. */
    async donorsByReference(referenceIds: readonly string[]): Promise<Map<string, Donor>> {
      if (referenceIds.length === 0) return new Map();
      const rows = await repo.findDonorsByReferenceIds(deps.db, referenceIds);
      return new Map(rows.map((r) => [r.record.reference_id, r.record]));
    },
    /** How the index was kept current: full builds and incremental updates since start (logs, tests). */
    stats: () => ({ ...stats }),
    /** Whether this instance's index came from a snapshot or the rows at start (logs, tests). */
    loadedFrom: () => loadedFrom,
    /** Settles when the snapshot being written, if any, is written (or failed: logged). */
    snapshotWritten: () => saving,
    /** The fallback for lost events: applies what changed since the version held (or rebuilds for a new day). */
    async refreshIfChanged(): Promise<boolean> {
      if (!snapshot || snapshot.builtForDay !== today()) {
        await current();
        return true;
      }
      return queueApply();
    },
    /**
     * Stores donors and announces them; this instance applies them before answering, the others on the event.
     * `within` runs in the same transaction once the rows are written (an audit row).
     */
    async upsert(donors: readonly Donor[], within?: repo.UpsertHook) {
      const result = await repo.upsertDonors(deps.db, donors, deps.clock.now(), announce, within);
      await current();
      await queueApply();
      return { inserted: result.inserted, updated: result.updated };
    },
    /**
     * The change path for another service's transaction (the console's availability edits, written with their
     * audit row): bumps the catalogue version, which the caller stamps on the donors it changes, and announces it
     * at commit. Call `applyCommitted` after the commit.
     */
    async stampChange(tx: Queryable): Promise<number> {
      const version = await repo.bumpCatalogueVersion(tx);
      await announce(tx, version);
      return version;
    },
    /**
     * Sets donors' availability in another service's transaction through the change path (one version stamped on
     * the donors changed); returns those donors with their availability before. Call `applyCommitted` after the
     * commit.
     */
    async setAvailabilityWithin(tx: Queryable, referenceIds: readonly string[], availability: string, now: Date) {
      const version = await repo.bumpCatalogueVersion(tx);
      await announce(tx, version);
      return repo.setAvailability(tx, { referenceIds, availability, now, version });
    },
    /** Applies committed changes on this instance before answering (the others apply them on the event). */
    async applyCommitted() {
      await current();
      await queueApply();
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

/**
 * Other modules' way to the catalogue's rows (issue 27: the repository is private to this module): alerts read the
 * catalogue version, the console and the family ledger read and set availability, the CLI upserts donors. Each takes
 * the caller's `db` or transaction handle first and runs in it.
 */
export const catalogueVersion: typeof repo.catalogueVersion = (...args) => repo.catalogueVersion(...args);
export const findAvailability: typeof repo.findAvailability = (...args) => repo.findAvailability(...args);
export const setAvailability: typeof repo.setAvailability = (...args) => repo.setAvailability(...args);
export const upsertDonors: typeof repo.upsertDonors = (...args) => repo.upsertDonors(...args);
