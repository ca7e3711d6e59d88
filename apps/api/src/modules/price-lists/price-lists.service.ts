import {
  defaultPlan,
  estimateCost,
  PRICE_MSG,
  priceListWriteSchema,
  type CostPlan,
  type Estimate,
  type PriceImportResult,
  type PriceList,
  type PriceListInput,
} from '@kindred/shared/price-lists';
import type { DonorType } from '@kindred/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { DEMO_PRICE_LISTS } from '../../seed/demo-price-lists.ts';
import { parsePriceImport } from './price-lists.import.ts';
import * as repo from './price-lists.repository.ts';

/**
 * How long an instance answers estimates from the lists it read before reading them again (ADR 029): a backstop
 * only, as every change is announced to every instance at its commit (kindred_price_lists).
 */
export const PRICE_LISTS_TTL_MS = 30_000;

const auditable = (l: PriceList | null) =>
  l && {
    currency: l.currency,
    confirmed_on: l.confirmed_on,
    vials: l.vials,
    storage: l.storage,
    shipping: l.shipping,
    extras: l.extras,
    source: l.source,
  };

/**
 * Banks' price lists (issue 29, ADR 029): admins read and change them one by one, admins and clinic accounts (their
 * own bank only) import them; every change writes its audit row in its own transaction. The estimates of
 * find-matches read the lists from memory (all of them: one short row per bank), read again after any change: the
 * change's transaction announces it (kindred_price_lists) and every instance forgets its copy at the commit; while
 * an instance cannot hear other instances it reads again on reconnect, and PRICE_LISTS_TTL_MS bounds the rest.
 */
type PricedDonor = { reference_id: string; bank_name: string; donor_type: DonorType };

/** One donor's estimate for `plan` at its bank: surrogates and banks without a list are "not listed". */
const estimateAt = (lists: ReadonlyMap<string, PriceList>, d: PricedDonor, plan: CostPlan): Estimate =>
  d.donor_type === 'surrogate'
    ? { listed: false as const, reason: PRICE_MSG.notListed }
    : estimateCost(lists.get(d.bank_name), plan, d.donor_type);

export function createPriceListsService(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'change'>;
  events: Pick<EventBus, 'publish' | 'subscribe' | 'onReconnect'>;
}) {
  const { db, clock, audit, events } = deps;
  let cached: { at: number; byBank: Map<string, PriceList> } | null = null;
  let loading: Promise<Map<string, PriceList>> | null = null;
  // Bumped by every change heard: a read that began before it never stores what it read.
  let generation = 0;

  async function byBank(): Promise<Map<string, PriceList>> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < PRICE_LISTS_TTL_MS) return cached.byBank;
    if (loading) return loading;
    const started = generation;
    const load = repo
      .listPriceLists(db)
      .then((lists) => {
        const map = new Map(lists.map((l) => [l.bank_name, l]));
        if (started === generation) cached = { at: now, byBank: map };
        return map;
      })
      .finally(() => {
        if (loading === load) loading = null;
      });
    loading = load;
    return load;
  }
  const forget = () => {
    generation += 1;
    cached = null;
    loading = null;
  };
  events.subscribe('kindred_price_lists', forget);
  events.onReconnect(forget);
  /** Inside the change's transaction: every instance (this one too) forgets its lists when it commits. */
  const announce = (tx: Parameters<EventBus['publish']>[0], banks: readonly string[]) =>
    events.publish(tx, 'kindred_price_lists', { banks: banks.slice(0, 50) });

  async function save(actor: AuditActor, bankName: string, input: PriceListInput): Promise<PriceList> {
    const parsed = priceListWriteSchema.parse({ ...input, bank_name: bankName });
    const saved = await audit.change(actor, async (tx) => {
      const [before] = await repo.findPriceLists(tx, [parsed.bank_name]);
      const after = await repo.upsertPriceList(tx, parsed.bank_name, parsed, clock.now());
      await announce(tx, [parsed.bank_name]);
      return {
        result: after,
        audit: {
          action: 'price_list.save',
          targetType: 'bank',
          targetId: parsed.bank_name,
          before: auditable(before ?? null),
          after: auditable(after),
        },
      };
    });
    forget();
    return saved;
  }

  return {
    byBank,

    async list() {
      return { price_lists: await repo.listPriceLists(db) };
    },

    async get(bankName: string) {
      const [list] = await repo.findPriceLists(db, [bankName]);
      if (!list) throw notFound(PRICE_MSG.notFound);
      return list;
    },

    save,

    async remove(actor: AuditActor, bankName: string) {
      await audit.change(actor, async (tx) => {
        const [before] = await repo.findPriceLists(tx, [bankName]);
        if (!before) throw notFound(PRICE_MSG.notFound);
        await repo.deletePriceList(tx, bankName);
        await announce(tx, [bankName]);
        return {
          result: null,
          audit: { action: 'price_list.delete', targetType: 'bank', targetId: bankName, before: auditable(before) },
        };
      });
      forget();
      return { success: true as const, message: PRICE_MSG.deleted };
    },

    /**
     * A CSV or JSON import: each row validated by the shared schema, bad rows reported ({row, bank_name, errors})
     * and skipped, the good ones written in one transaction with one audit row each. A clinic account may import
     * its own bank's list only. `dry_run` writes nothing.
     */
    async importAs(
      user: AuthUser,
      actor: AuditActor,
      input: { format: 'csv' | 'json'; data: string; dry_run?: boolean },
    ): Promise<PriceImportResult> {
      const parsed = parsePriceImport(input.format, input.data);
      if (parsed.fileError) throw fieldError('data', `The file ${parsed.fileError}`);
      const ownBank = user.role === 'clinic' ? await repo.findAccountBank(db, user.id) : null;
      const rejected: PriceImportResult['rejected'] = [];
      const good: ReturnType<typeof priceListWriteSchema.parse>[] = [];
      const seen = new Map<string, number>();
      for (const r of parsed.rows) {
        const result = priceListWriteSchema.safeParse(r.record);
        const errors = [...r.errors];
        if (!result.success)
          for (const issue of result.error.issues)
            errors.push({ field: issue.path.join('.') || 'row', error: issue.message });
        const bank = result.success
          ? result.data.bank_name
          : typeof r.record.bank_name === 'string'
            ? r.record.bank_name
            : null;
        if (result.success && user.role === 'clinic' && bank !== ownBank)
          errors.push({ field: 'bank_name', error: `must be your own bank (${ownBank ?? 'none linked'})` });
        if (bank !== null && seen.has(bank))
          errors.push({ field: 'bank_name', error: `repeats row ${seen.get(bank)} (same bank_name)` });
        if (bank !== null && !seen.has(bank)) seen.set(bank, r.row);
        if (errors.length > 0 || !result.success) rejected.push({ row: r.row, bank_name: bank, errors });
        else good.push(result.data);
      }
      if (!input.dry_run && good.length > 0) {
        await audit.change(actor, async (tx) => {
          const entries = [];
          for (const list of good) {
            const [before] = await repo.findPriceLists(tx, [list.bank_name]);
            const after = await repo.upsertPriceList(tx, list.bank_name, list, clock.now());
            entries.push({
              action: 'price_list.save',
              targetType: 'bank',
              targetId: list.bank_name,
              before: auditable(before ?? null),
              after: auditable(after),
              reason: 'import',
            });
          }
          await announce(
            tx,
            good.map((l) => l.bank_name),
          );
          return { result: null, audit: entries };
        });
        forget();
      }
      return {
        dry_run: input.dry_run === true,
        received: parsed.rows.length,
        saved: good.length,
        rejected,
      };
    },

    /**
     * The cost of `plan` at every bank with a list in `currency`, for the engine's price sort and maximum (banks
     * priced in another currency are left out: their donors are not compared, and the page says so).
     */
    async costByBank(plan: CostPlan, donorType: DonorType, currency: string): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      if (donorType === 'surrogate') return out;
      for (const [bank, list] of await byBank()) {
        if (list.currency !== currency) continue;
        const e = estimateCost(list, plan, donorType);
        if (e.listed) out[bank] = e.total_minor;
      }
      return out;
    },

    /** Estimates of a page's donors (bank and type each) for `plan`, from memory: no query per donor. */
    async estimates(
      donors: readonly { reference_id: string; bank_name: string; donor_type: DonorType }[],
      plan: CostPlan,
    ): Promise<{ donor_reference_id: string; estimate: Estimate }[]> {
      const lists = await byBank();
      return donors.map((d) => ({ donor_reference_id: d.reference_id, estimate: estimateAt(lists, d, plan) }));
    },

    /**
     * Each donor's estimate for its type's default plan: the cards outside the matches page (the shortlist, the
     * unlocked donors), whose answers carry no plan of the parent's.
     */
    async defaultEstimates(
      donors: readonly { reference_id: string; bank_name: string; donor_type: DonorType }[],
    ): Promise<{ donor_reference_id: string; estimate: Estimate }[]> {
      const lists = await byBank();
      return donors.map((d) => ({
        donor_reference_id: d.reference_id,
        estimate: estimateAt(lists, d, defaultPlan(d.donor_type)),
      }));
    },

    /** Demo price lists (DEMO_DATA): inserted when missing, never over an admin's change. */
    async seedDemo(): Promise<number> {
      let n = 0;
      for (const list of DEMO_PRICE_LISTS) {
        const parsed = priceListWriteSchema.parse(list);
        if (await repo.insertPriceListIfMissing(db, parsed.bank_name, parsed, clock.now())) n++;
      }
      if (n > 0) forget();
      return n;
    },
  };
}
export type PriceListsService = ReturnType<typeof createPriceListsService>;
