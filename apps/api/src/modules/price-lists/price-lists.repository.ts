import type { PriceList, PriceListInput } from '@kindred/shared/price-lists';
import type { Queryable } from '../../db/db.ts';

/** SQL of banks' price lists (issue 29, migration 100). */

type Row = {
  bank_name: string;
  currency: string;
  confirmed_on: string | Date;
  terms: Pick<PriceList, 'vials' | 'storage' | 'shipping' | 'extras'>;
  source: string;
  updated_at: string | Date;
};

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const toList = (r: Row): PriceList => ({
  bank_name: r.bank_name,
  currency: r.currency,
  confirmed_on: day(r.confirmed_on),
  vials: r.terms.vials,
  storage: r.terms.storage,
  shipping: r.terms.shipping,
  extras: r.terms.extras ?? [],
  source: r.source,
  updated_at: new Date(r.updated_at).toISOString(),
});

const COLUMNS = `bank_name, currency, to_char(confirmed_on, 'YYYY-MM-DD') as confirmed_on, terms, source, updated_at`;

export async function listPriceLists(db: Queryable): Promise<PriceList[]> {
  const rows = await db.query<Row>(`select ${COLUMNS} from bank_price_lists order by bank_name`);
  return rows.map(toList);
}

export async function findPriceLists(db: Queryable, banks: readonly string[]): Promise<PriceList[]> {
  const rows = await db.query<Row>(`select ${COLUMNS} from bank_price_lists where bank_name = any($1::text[])`, [
    banks,
  ]);
  return rows.map(toList);
}

/** Writes (inserts or replaces) one bank's list; returns it as stored. */
export async function upsertPriceList(
  db: Queryable,
  bankName: string,
  list: Required<Omit<PriceListInput, 'bank_name'>>,
  now: Date,
): Promise<PriceList> {
  const terms = { vials: list.vials, storage: list.storage, shipping: list.shipping, extras: list.extras };
  const rows = await db.query<Row>(
    `insert into bank_price_lists (bank_name, currency, confirmed_on, terms, source, updated_at)
     values ($1, $2, $3::date, $4::jsonb, $5, $6)
     on conflict (bank_name) do update set currency = excluded.currency, confirmed_on = excluded.confirmed_on,
       terms = excluded.terms, source = excluded.source, updated_at = excluded.updated_at
     returning ${COLUMNS}`,
    [bankName, list.currency, list.confirmed_on, JSON.stringify(terms), list.source, now],
  );
  return toList(rows[0]!);
}

/** Inserts a list only when the bank has none (demo data: a list an admin changed is left as it is). */
export async function insertPriceListIfMissing(
  db: Queryable,
  bankName: string,
  list: Required<Omit<PriceListInput, 'bank_name'>>,
  now: Date,
): Promise<boolean> {
  const terms = { vials: list.vials, storage: list.storage, shipping: list.shipping, extras: list.extras };
  const rows = await db.query<{ bank_name: string }>(
    `insert into bank_price_lists (bank_name, currency, confirmed_on, terms, source, updated_at)
     values ($1, $2, $3::date, $4::jsonb, $5, $6) on conflict (bank_name) do nothing returning bank_name`,
    [bankName, list.currency, list.confirmed_on, JSON.stringify(terms), list.source, now],
  );
  return rows.length > 0;
}

export async function deletePriceList(db: Queryable, bankName: string): Promise<boolean> {
  const rows = await db.query<{ bank_name: string }>(
    'delete from bank_price_lists where bank_name = $1 returning bank_name',
    [bankName],
  );
  return rows.length > 0;
}

/** The partner bank a clinic account is linked to (users.bank_name): the only bank it may import prices for. */
export async function findAccountBank(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ bank_name: string | null }>('select bank_name from users where id = $1', [userId]);
  return rows[0]?.bank_name ?? null;
}
