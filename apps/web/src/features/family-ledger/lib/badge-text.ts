import type { FamilyBadgeDto } from '@kindred/shared/family-ledger.schemas';

const families = (n: number) => `${n} ${n === 1 ? 'family' : 'families'}`;

/** The card's one line: what Kindred counted, against the bank's limit. */
export function badgeSummary(b: FamilyBadgeDto): string {
  const reported = b.reported > 0 ? `, ${b.reported} reported` : '';
  return `${families(b.confirmed)} confirmed${reported} · bank limit ${b.bank.limit}`;
}

/** Where the counted families come from (one record, or several banks' records of the same person). */
export function countedAcross(b: FamilyBadgeDto): string {
  return b.linked_records > 1
    ? `Reported by parents on Kindred and confirmed by their clinics, across ${b.linked_records} bank records of this donor (${b.linked_banks.join(', ')})`
    : 'Reported by parents on Kindred and confirmed by their clinics';
}

export const UNIT_TEXT: Record<NonNullable<FamilyBadgeDto['legal']>['unit'], string> = {
  families: 'families',
  children: 'children',
  women: 'women treated',
};

export const KIND_LABEL = { pregnancy: 'Pregnancy', birth: 'Birth' } as const;
export const STATUS_LABEL = {
  reported: 'Waiting for the clinic',
  confirmed: 'Confirmed',
  withdrawn: 'Withdrawn',
} as const;
