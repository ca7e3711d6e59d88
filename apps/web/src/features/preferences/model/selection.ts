/** The multi-select, checklist and single-select rules of spec section 4. Pure functions over stored values. */
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Multi-select: 'No Preference' becomes the only selected option; choosing any other removes it. */
export function toggleMulti(selected: readonly string[], value: string): string[] {
  if (value === NO_PREFERENCE) return selected.includes(NO_PREFERENCE) ? [] : [NO_PREFERENCE];
  return toggle(
    selected.filter((v) => v !== NO_PREFERENCE),
    value,
  );
}

/** Items of the medical checklists that exclude every other choice. */
export const EXCLUSIVE_CHECKLIST_ITEMS: readonly string[] = [NONE_KNOWN, NO_CHRONIC_CONDITIONS];

/**
 * Medical checklists: 'None Known' or 'No chronic conditions preferred' becomes the only selected item (toggling
 * it again clears it); any other item removes them.
 */
export function toggleChecklist(selected: readonly string[], value: string): string[] {
  if (EXCLUSIVE_CHECKLIST_ITEMS.includes(value)) return selected.includes(value) ? [] : [value];
  return toggle(
    selected.filter((v) => !EXCLUSIVE_CHECKLIST_ITEMS.includes(v)),
    value,
  );
}

/** A single-select checkbox deselects when clicked again. */
export function toggleSingle(current: string, value: string): string {
  return current === value ? '' : value;
}

/** Religion is one choice kept as a list: 'No Preference' is sent as [no_preference] (spec section 5). */
export function chooseReligion(current: readonly string[], value: string): string[] {
  return current[0] === value ? [] : [value.trim().toLowerCase()];
}
