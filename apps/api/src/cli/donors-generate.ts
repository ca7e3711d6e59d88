import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateDonors } from '@kindred/matching';
import { upsertDonors } from '../modules/catalogue/catalogue.service.ts';
import { saveImportedDonors } from '../modules/catalogue/import.service.ts';
import { openConfiguredDb, runCommand } from './open-db.ts';

const USAGE = 'Usage: npm run donors:generate -- --count 100000 [--seed s] [--out file.json]';

/** Writes donors as a JSON array (the donor import format), one donor per line, without one giant string. */
async function writeJson(file: string, donors: readonly unknown[]): Promise<void> {
  const out = createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write('[\n');
  for (let i = 0; i < donors.length; i++)
    await write(`${JSON.stringify(donors[i])}${i < donors.length - 1 ? ',' : ''}\n`);
  await write(']\n');
  out.end();
  await once(out, 'finish');
}

/**
 * `npm run donors:generate -- --count 100000 [--seed s] [--out file.json]`: deterministic fictional donors (the
 * demo generator). With --out they are written as an importable JSON file; otherwise they go straight into the
 * configured database, upserted like an import (same seed and count twice: nothing new).
 */
runCommand(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      seed: { type: 'string', default: 'kindred-generated' },
      out: { type: 'string' },
    },
  });
  const count = Number(values.count);
  if (positionals.length > 0 || !Number.isInteger(count) || count < 1 || count > 2_000_000) throw new Error(USAGE);
  const started = performance.now();
  const donors = generateDonors(count, values.seed, { asOf: new Date().toISOString().slice(0, 10) });
  const ms = () => Math.round(performance.now() - started);
  if (values.out) {
    await writeJson(path.resolve(values.out), donors);
    console.log(`Wrote ${count} fictional donors (seed ${values.seed}) to ${values.out} in ${ms()} ms`);
    return 0;
  }
  const { db, where } = await openConfiguredDb();
  try {
    const result = await saveImportedDonors({ db, upsert: (batch) => upsertDonors(db, batch, new Date()) }, donors);
    console.log(
      `${count} fictional donors (seed ${values.seed}): ${result.inserted} inserted, ` +
        `${result.updated} updated in ${ms()} ms (${where})`,
    );
    return 0;
  } finally {
    await db.close();
  }
});
