import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { upsertDonors } from '../modules/catalogue/catalogue.service.ts';
import { importDonors, type ImportFormat } from '../modules/catalogue/import.service.ts';
import { openConfiguredDb, runCommand } from './open-db.ts';

const USAGE = 'Usage: npm run donors:import -- <file.csv|file.json> [--format csv|json]';
/** Errors printed; the count of rejected rows is always printed in full. */
const SHOWN_ERRORS = 200;

/**
 * `npm run donors:import -- donors.csv`: validates every row, upserts the good ones (idempotent by bank_name +
 * bank_donor_id), lists the bad ones as `row N, field: error`. Running servers pick the change up by themselves.
 * Exit code 0 when every row was imported, 1 otherwise (good rows are still imported).
 */
runCommand(async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { format: { type: 'string' } } });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error(USAGE);
  const format = (values.format ?? path.extname(file).slice(1).toLowerCase()) as ImportFormat;
  if (format !== 'csv' && format !== 'json') throw new Error(`Cannot tell the format of ${file}. ${USAGE}`);
  const data = await readFile(path.resolve(file), 'utf8');

  const { db, where } = await openConfiguredDb();
  try {
    const started = performance.now();
    const result = await importDonors({ db, upsert: (donors) => upsertDonors(db, donors, new Date()) }, format, data);
    for (const e of result.errors.slice(0, SHOWN_ERRORS))
      console.error(`row ${e.row}${e.field ? `, ${e.field}` : ''}: ${e.error}`);
    if (result.errors.length > SHOWN_ERRORS) console.error(`… and ${result.errors.length - SHOWN_ERRORS} more errors`);
    console.log(
      `${file}: ${result.rows} rows; ${result.inserted} inserted, ${result.updated} updated, ` +
        `${result.invalidRows} rejected ` +
        `(${Math.round(performance.now() - started)} ms, ${where})`,
    );
    return result.invalidRows === 0 && result.errors.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
});
