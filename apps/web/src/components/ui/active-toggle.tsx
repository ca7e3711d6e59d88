import { Button, Group } from '@mantine/core';
import { StatusBadge } from './status-badge.tsx';

/**
 * A row's Active/Inactive badge and the button that flips it (visit types, clinicians). The button's name starts
 * with its visible word, then names the row (axe's label-content-name-mismatch: a visible "Active · deactivate" was
 * not part of the old button's name); in a narrow column the button goes under the badge rather than cutting either.
 */
export function ActiveToggle({ active, name, onToggle }: { active: boolean; name: string; onToggle: () => void }) {
  const action = active ? 'Deactivate' : 'Activate';
  return (
    <Group gap={4} wrap="wrap">
      <StatusBadge status={active ? 'Active' : 'Inactive'} color={active ? 'green' : 'gray'} />
      <Button size="xs" variant="subtle" aria-label={`${action} ${name}`} onClick={onToggle}>
        {action}
      </Button>
    </Group>
  );
}
