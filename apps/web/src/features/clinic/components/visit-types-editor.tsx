import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  APPOINTMENT_CATEGORY_LABELS,
  type VisitConfirmation,
  type VisitTypeDto,
} from '@kindred/shared/appointments.schemas';
import { ActiveToggle } from '../../../components/ui/active-toggle.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { StackedTable } from '../../admin/components/server-table.tsx';
import {
  CONFIRMATION_OPTIONS,
  MODE_LABELS,
  VISIT_TYPE_SAVE_FAILED,
  VisitTypeForm,
  visitTypeBody,
  type VisitTypeSave,
} from './visit-type-form.tsx';

export type { VisitTypeSave } from './visit-type-form.tsx';

/**
 * A clinic's visit types, the one editor of the clinic portal's Schedule tab and the console's clinic page (issue
 * 27): a table (confirmation and active status changed in place, Edit opens every field) above the add form. Each
 * caller passes its data and its save: the portal its own clinic's routes, the console the clinic it opened.
 */
export function VisitTypesEditor({
  visitTypes,
  failed,
  save,
  headingOrder,
}: {
  /** Undefined while loading (or when the load failed). */
  visitTypes: readonly VisitTypeDto[] | undefined;
  failed?: { error: unknown; retry: () => void } | null;
  save: VisitTypeSave;
  /** The section's heading level under the page's own headings; the forms' titles are one below. */
  headingOrder: 2 | 3;
}) {
  const [editing, setEditing] = useState<VisitTypeDto | null>(null);
  const titleId = useId();
  const formOrder = headingOrder === 2 ? 3 : 4;
  /** A change made in the table: the visit type as it is, with one field changed. */
  const change = (v: VisitTypeDto, patch: Partial<VisitTypeDto>) =>
    save.mutate(
      { id: v.id, body: visitTypeBody({ ...v, ...patch }) },
      { onSuccess: () => undefined, onError: (e) => toast.error(failureMessage(e, VISIT_TYPE_SAVE_FAILED)) },
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} fz={headingOrder === 2 ? 'lg' : 'md'} id={titleId}>
        Visit types
      </Title>
      {failed && <LoadFailed title="We could not load the visit types" error={failed.error} onRetry={failed.retry} />}
      {visitTypes?.length === 0 && <Text size="sm">No visit types yet.</Text>}
      {visitTypes && visitTypes.length > 0 && (
        <StackedTable
          label="Visit types"
          minWidth={720}
          columns={['Name', 'Category', 'Mode', 'Duration', 'Confirmation', 'Status', 'Edit']}
          rows={visitTypes.map((v) => ({
            key: v.id,
            cells: [
              v.name,
              APPOINTMENT_CATEGORY_LABELS[v.category],
              MODE_LABELS[v.mode],
              `${v.duration_minutes} min`,
              <Select
                key="confirmation"
                size="xs"
                aria-label={`Confirmation of ${v.name}`}
                data={CONFIRMATION_OPTIONS}
                value={v.confirmation}
                allowDeselect={false}
                miw={180}
                onChange={(value) => {
                  if (value && value !== v.confirmation) change(v, { confirmation: value as VisitConfirmation });
                }}
              />,
              <ActiveToggle
                key="status"
                active={v.active}
                name={v.name}
                onToggle={() => change(v, { active: !v.active })}
              />,
              <Button key="edit" size="xs" variant="subtle" aria-label={`Edit ${v.name}`} onClick={() => setEditing(v)}>
                Edit
              </Button>,
            ],
          }))}
        />
      )}
      {/* Editing one visit type takes the add form's place until it is saved or cancelled. */}
      <VisitTypeForm
        key={editing?.id ?? 'new'}
        visitType={editing}
        save={save}
        headingOrder={formOrder}
        onDone={() => setEditing(null)}
      />
    </Stack>
  );
}
