import { protocol, types, type PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, as `pg` runs them on PostgreSQL (ADR 016). `PGlite.query` sends Parse,
 * Describe (statement), Bind, Describe (portal), Execute and Sync as six calls into the engine, and PostgreSQL
 * parses and plans the text at every one. Here a statement is parsed once (Parse + Describe + Sync, keeping its
 * parameter types and result columns), then each run is one call: Bind + Execute + Sync in one buffer, so the
 * engine reuses the plan (PostgreSQL still re-plans it by itself after a change to a table it reads).
 *
 * PGlite's own locks are taken as `query` takes them: the transaction lock, so a statement never runs inside a
 * transaction that another caller has open, and the query lock around the engine call.
 */
type Statement = { sql: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };

const { serialize, messages } = protocol;
const INVALID_SQL_STATEMENT_NAME = '26000';

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function preparedStatements(db: PGlite) {
  const statements = new Map<string, Statement>();

  async function prepare(name: string, sql: string): Promise<Statement> {
    const known = statements.get(name);
    if (known) {
      if (known.sql !== sql) throw new Error(`prepared statement ${name} is already defined with another text`);
      return known;
    }
    const replies = await db.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const params = replies.find((m) => m instanceof messages.ParameterDescriptionMessage);
    const row = replies.find((m) => m instanceof messages.RowDescriptionMessage);
    const statement: Statement = {
      sql,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: (row?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    };
    statements.set(name, statement);
    return statement;
  }

  async function run<T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> {
    const statement = await prepare(name, sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await db.execProtocolStream(
      concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const rows: T[] = [];
    for (const m of replies) {
      if (!(m instanceof messages.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      statement.fields.forEach((f, i) => (row[f.name] = types.parseType(m.fields[i]!, f.dataTypeID, db.parsers)));
      rows.push(row as T);
    }
    // As PGlite does after a statement outside a transaction (a no-op on the Node file system).
    await db.syncToFs();
    return rows;
  }

  /** A statement gone from the session (`deallocate`, `discard all`) is prepared again, once. */
  async function runOrPrepareAgain<T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> {
    try {
      return await run<T>(name, sql, params);
    } catch (err) {
      if ((err as { code?: string }).code !== INVALID_SQL_STATEMENT_NAME || !statements.delete(name)) throw err;
      return run<T>(name, sql, params);
    }
  }

  return {
    /** Runs the statement `name` (parsed from `sql` on its first use) with `params`; the rows as objects. */
    query: <T>(name: string, sql: string, params: readonly unknown[]) =>
      db._runExclusiveTransaction(() => db._runExclusiveQuery(() => runOrPrepareAgain<T>(name, sql, params))),
  };
}
