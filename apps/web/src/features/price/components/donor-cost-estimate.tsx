import { NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  defaultPlan,
  estimateCost,
  PLAN_LIMITS,
  PRICE_MSG,
  US_STATES,
  VIAL_TYPE_LABEL,
  VIAL_TYPES_BY_DONOR_TYPE,
  type CostPlan,
  type PriceListTerms,
  type VialType,
} from '@kindred/shared/price-lists';
import type { DonorType } from '@kindred/shared/vocabulary';
import { CostEstimate } from './cost-estimate.tsx';

const REGIONS = [
  { value: 'US', label: 'Another US state' },
  ...Object.entries(US_STATES)
    .map(([code, name]) => ({ value: code, label: name.replace(/^the /, '') }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** A whole number within bounds from a NumberInput's value, else the previous one (a half-typed field is kept). */
const within = (v: string | number, [lo, hi]: readonly [number, number], previous: number) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : previous;
};

/**
 * The donor page's cost estimate (issue 29): the parent changes the plan (vials and their type, months of storage,
 * shipments and where to) and the estimate follows at once, computed in the browser by the same shared function
 * the server uses, from the bank's price list the page was given.
 */
export function DonorCostEstimate({
  priceList,
  donorType,
}: {
  priceList: PriceListTerms | null | undefined;
  donorType: DonorType;
}) {
  const [plan, setPlan] = useState<CostPlan>(() => defaultPlan(donorType));
  const estimate = useMemo(() => estimateCost(priceList ?? null, plan, donorType), [priceList, plan, donorType]);
  if (donorType === 'surrogate') return null;
  // Only the types of this donor's kind (a bank may sell sperm vials and egg lots).
  const types = (priceList?.vials ?? [])
    .filter((v) => VIAL_TYPES_BY_DONOR_TYPE[donorType].includes(v.type))
    .map((v) => ({ value: v.type, label: VIAL_TYPE_LABEL[v.type] }));
  const set = (patch: Partial<CostPlan>) => setPlan((p) => ({ ...p, ...patch }));
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="cost-title">
      <Title order={2} size="h4" id="cost-title" mb="xs">
        Estimated cost
      </Title>
      {priceList ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {types.length > 1 && (
              <NativeSelect
                label="Type"
                data={types}
                value={estimate.listed ? estimate.vial_type : plan.vial_type}
                onChange={(e) => set({ vial_type: e.currentTarget.value as VialType })}
              />
            )}
            <NumberInput
              label={donorType === 'egg' ? 'Lots' : 'Vials'}
              min={PLAN_LIMITS.vials[0]}
              max={PLAN_LIMITS.vials[1]}
              allowDecimal={false}
              allowNegative={false}
              value={plan.vials}
              onChange={(v) => set({ vials: within(v, PLAN_LIMITS.vials, plan.vials) })}
            />
            <NumberInput
              label="Months of storage"
              min={PLAN_LIMITS.storageMonths[0]}
              max={PLAN_LIMITS.storageMonths[1]}
              allowDecimal={false}
              allowNegative={false}
              value={plan.storage_months}
              onChange={(v) => set({ storage_months: within(v, PLAN_LIMITS.storageMonths, plan.storage_months) })}
            />
            <NumberInput
              label="Shipments"
              min={PLAN_LIMITS.shipments[0]}
              max={PLAN_LIMITS.shipments[1]}
              allowDecimal={false}
              allowNegative={false}
              value={plan.shipments}
              onChange={(v) => set({ shipments: within(v, PLAN_LIMITS.shipments, plan.shipments) })}
            />
            <NativeSelect
              label="Ship to"
              data={REGIONS}
              value={plan.region ?? 'US'}
              onChange={(e) => set({ region: e.currentTarget.value })}
            />
          </SimpleGrid>
          {/* Announced when the plan changes: the estimate follows at once. */}
          <div aria-live="polite">
            <CostEstimate estimate={estimate} />
          </div>
        </Stack>
      ) : (
        <Text size="sm" data-testid="cost-estimate">
          {PRICE_MSG.notListed}
        </Text>
      )}
    </Paper>
  );
}
