import { z } from 'zod';
import {
  GENES,
  variantClassesOf,
  type Gene,
  type ParentScreen,
  type ParentScreenInput,
  type VariantClass,
} from '@kindred/shared/genetics';

/** What the own-screening form holds; `variants` only for genes with classes that change the pairing (HBB, HBA). */
export type OwnScreenValues = {
  knowsPanel: '' | 'yes' | 'no';
  panelName: string;
  covered: Gene[];
  carrierGenes: Gene[];
  variants: Partial<Record<Gene, VariantClass | ''>>;
};

export const OWN_SCREEN_MSG = {
  knowsPanel: 'Please tell us whether you know your screening panel.',
  panelName: 'Panel name is required.',
  covered: 'Please select at least one gene your panel covered.',
  notCovered: 'Each gene you carry something in must be one your panel covered.',
} as const;

/** Genes whose variant class changes the pairing, so the form asks for it. */
export const GENES_WITH_CLASSES: readonly Gene[] = GENES.filter((g) => variantClassesOf(g).length > 1);

export const emptyOwnScreen: OwnScreenValues = {
  knowsPanel: '',
  panelName: '',
  covered: [],
  carrierGenes: [],
  variants: {},
};

/** The form's values for a saved screen. */
export function ownScreenFrom(screen: ParentScreen | null): OwnScreenValues {
  if (!screen) return emptyOwnScreen;
  const known = screen.panel !== 'unknown';
  return {
    knowsPanel: known ? 'yes' : 'no',
    panelName: screen.panel === 'unknown' ? '' : screen.panel.name,
    covered: screen.panel === 'unknown' ? [] : [...screen.panel.genes_covered],
    carrierGenes: screen.carrier_of.map((f) => f.gene),
    variants: Object.fromEntries(screen.carrier_of.map((f) => [f.gene, f.variant_class ?? ''])),
  };
}

/** The request body: genes in panel order, a variant only where one was chosen. */
export function toParentScreen(v: OwnScreenValues): ParentScreenInput {
  const inOrder = (list: readonly Gene[]) => GENES.filter((g) => list.includes(g));
  return {
    panel: v.knowsPanel === 'yes' ? { name: v.panelName.trim(), genes_covered: inOrder(v.covered) } : 'unknown',
    carrier_of: inOrder(v.carrierGenes).map((gene) => {
      const cls = v.variants[gene];
      return cls ? { gene, variant_class: cls } : { gene };
    }),
  };
}

/** Field by field, in the words the form shows (the server checks the same again). */
export const ownScreenForm = z
  .object({
    knowsPanel: z.enum(['yes', 'no'], { error: OWN_SCREEN_MSG.knowsPanel }),
    panelName: z.string(),
    covered: z.array(z.string()),
    carrierGenes: z.array(z.string()),
    variants: z.record(z.string(), z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.knowsPanel !== 'yes') return;
    if (v.panelName.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['panelName'], message: OWN_SCREEN_MSG.panelName });
    if (v.covered.length === 0) ctx.addIssue({ code: 'custom', path: ['covered'], message: OWN_SCREEN_MSG.covered });
    else if (v.carrierGenes.some((g) => !v.covered.includes(g)))
      ctx.addIssue({ code: 'custom', path: ['carrierGenes'], message: OWN_SCREEN_MSG.notCovered });
  });
