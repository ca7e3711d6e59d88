import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import { genesFromConditions } from '@kindred/shared/genetics';
import { openPglite } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { upsertDonors } from '../src/modules/catalogue/catalogue.repository.ts';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Migration 045 on a catalogue stored by condition name (issue 24): every donor gains its per-gene screen, exactly
 * as the shared genesFromConditions reads the same panel, and keeps its condition-name panel as it was. A stored
 * `thalassemia` (which does not say α or β) becomes both HBB and HBA of unstated type.
 */
describe('migration 045: stored donors get their carrier panel per gene, nothing lost', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('writes record.genes from record.carrier_screening for every donor', async () => {
    const before = await mkdtemp(path.join(os.tmpdir(), 'kindred-m045-'));
    dirs.push(before);
    await cp(MIGRATIONS, before, {
      recursive: true,
      filter: (src) => !/^\d{3}_/.test(path.basename(src)) || Number(path.basename(src).slice(0, 3)) < 45,
    });
    const db = await openPglite('memory://');
    try {
      await migrate(db, before);
      const generated = generateDonors(300, 'm045');
      const [a, b, c, d] = generated;
      // Hand-made panels for the cases that matter: compound HBB names, an unstated thalassemia, untested names.
      const crafted: Donor[] = [
        {
          ...a!,
          carrier_screening: {
            sickle_cell_disease: { tested: true, carrier: true },
            hemoglobin_c: { tested: true, carrier: true },
          },
        },
        {
          ...b!,
          carrier_screening: {
            thalassemia: { tested: true, carrier: true },
            cystic_fibrosis: { tested: false, carrier: false },
          },
        },
        {
          ...c!,
          carrier_screening: {
            hemoglobin_e: { tested: true, carrier: true },
            thalassemia: { tested: true, carrier: false },
            fragile_x_syndrome: { tested: true, carrier: true },
            maple_syrup_urine_disease: { tested: true, carrier: true },
          },
        },
        { ...d!, carrier_screening: {} },
      ];
      const donors = [...crafted, ...generated.slice(4)];
      for (const donor of donors) delete (donor as { genes?: unknown }).genes;
      await upsertDonors(db, donors, new Date('2026-11-01T00:00:00Z'), async () => {});

      expect(await migrate(db)).toContain('045_donor_genes.sql');
      const rows = await db.query<{ record: Donor & { genes: unknown[] } }>(
        'select record from donors order by reference_id',
      );
      expect(rows).toHaveLength(donors.length);
      const byRef = new Map(donors.map((x) => [x.reference_id, x]));
      for (const { record } of rows) {
        const original = byRef.get(record.reference_id)!;
        expect(record.carrier_screening).toEqual(original.carrier_screening);
        expect(record.genes, record.reference_id).toEqual(genesFromConditions(original.carrier_screening));
      }
      const genesOf = (ref: string) => rows.find((r) => r.record.reference_id === ref)!.record.genes;
      expect(genesOf(a!.reference_id)).toEqual([
        {
          gene: 'HBB',
          tested: true,
          carrier: true,
          detection_rate: null,
          variant_class: 'hbb_s',
          reported_as: 'sickle_cell_disease',
        },
      ]);
      expect(genesOf(b!.reference_id)).toEqual([
        { gene: 'CFTR', tested: false, carrier: false, detection_rate: null },
        {
          gene: 'HBB',
          tested: true,
          carrier: true,
          detection_rate: null,
          variant_class: 'hbb_beta_unspecified',
          reported_as: 'thalassemia',
        },
        {
          gene: 'HBA',
          tested: true,
          carrier: true,
          detection_rate: null,
          variant_class: 'hba_unspecified',
          reported_as: 'thalassemia',
        },
      ]);
      expect(genesOf(d!.reference_id)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
