import { useEstimateOf } from './estimates-context.tsx';
import { CostEstimate } from './cost-estimate.tsx';

/** A match card's cost estimate (issue 29), from the matches page's answer; nothing where none was given. */
export function CardEstimate({ referenceId }: { referenceId: string }) {
  const estimate = useEstimateOf(referenceId);
  return estimate ? <CostEstimate estimate={estimate} compact /> : null;
}
