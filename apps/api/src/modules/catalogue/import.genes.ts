import {
  CONDITION_ALIASES,
  GENES,
  donorGeneticsSchema,
  genesFromConditions,
  type ConditionAlias,
  type DonorGeneResult,
  type Gene,
} from '@kindred/shared/genetics';
import { GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
/** A problem with one field of a row (the import's {row, field, error} without the row). */
type FieldError = { field: string; error: string };

/**
 * Carrier screening in an import (issue 24, ADR 023): results per gene (`genes`, or the CSV's `gene_<gene>`
 * columns) and results by condition name (`carrier_screening`, or `carrier_<condition>`), the 24 vocabulary names
 * and the checklist's alpha_thalassemia / beta_thalassemia, each an alias for its genes. Both may be given: a gene
 * stated by itself wins over what a condition name implies for it. The record keeps `carrier_screening` (the 24
 * names, as before) and gains `genes`, the per-gene results the engine reads, and `carrier_panel_name`.
 */

type AliasResult = { tested: boolean; carrier: boolean };
const VOCABULARY: ReadonlySet<string> = new Set(GENETIC_CONDITIONS);
const ALIASES: ReadonlySet<string> = new Set(CONDITION_ALIASES);
export const isConditionAlias = (name: string): name is ConditionAlias => ALIASES.has(name);
export const isGene = (name: string): name is Gene => (GENES as readonly string[]).includes(name);

/**
 * Splits condition-name results into those the record's `carrier_screening` keeps (the 24 vocabulary names) and
 * the extra aliases that only name genes (alpha/beta thalassemia).
 */
export function splitAliases(screening: Record<string, unknown>): {
  vocabulary: Record<string, unknown>;
  extra: Partial<Record<ConditionAlias, AliasResult>>;
} {
  const vocabulary: Record<string, unknown> = {};
  const extra: Partial<Record<ConditionAlias, AliasResult>> = {};
  for (const [name, result] of Object.entries(screening)) {
    if (!VOCABULARY.has(name) && isConditionAlias(name) && isResult(result)) extra[name] = result;
    else vocabulary[name] = result;
  }
  return { vocabulary, extra };
}

const isResult = (v: unknown): v is AliasResult =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as AliasResult).tested === 'boolean' &&
  typeof (v as AliasResult).carrier === 'boolean';

/**
 * The donor's per-gene results (`genes`, the engine's Donor field): what the condition names imply, overridden gene
 * by gene by the results given per gene, validated by the shared schema; and the panel's name
 * (`carrier_panel_name`). Errors name the field through `fieldOf` (paths `genes.<i>.<field>`,
 * `carrier_panel_name`).
 */
export function geneticsOf(
  aliases: Partial<Record<ConditionAlias, AliasResult>>,
  given: { genes: unknown; panelName: unknown },
  fieldOf: (path: readonly PropertyKey[]) => string,
): { genes: DonorGeneResult[] | null; panelName: string | null; errors: FieldError[] } {
  const implied = genesFromConditions(aliases);
  const parsed = donorGeneticsSchema.safeParse({ panel_name: given.panelName ?? null, genes: given.genes ?? [] });
  if (!parsed.success) {
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    for (const issue of parsed.error.issues) {
      const [head, ...rest] = issue.path;
      const field = fieldOf(head === 'panel_name' ? ['carrier_panel_name'] : ['genes', ...rest]);
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({
        field,
        error: issue.code === 'invalid_value' ? `must be one of: ${issue.values.join(', ')}` : issue.message,
      });
    }
    return { genes: null, panelName: null, errors };
  }
  const byGene = new Map<Gene, DonorGeneResult>(implied.map((r) => [r.gene, r]));
  for (const r of parsed.data.genes) byGene.set(r.gene, r);
  return {
    genes: GENES.filter((g) => byGene.has(g)).map((g) => byGene.get(g)!),
    panelName: parsed.data.panel_name,
    errors: [],
  };
}
