import { Button, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { hardFilterLabel } from '@kindred/shared/relaxations';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import { useKeepRelaxation, useRestorePreferences } from '../api/rerun-preferences.api.ts';

/** A "re-run without it" in progress: previewed (nothing saved) or kept (the previous set held for Undo). */
export type RelaxState =
  | { phase: 'preview'; filter: HardFilterId; savedTotal: number | null }
  | { phase: 'kept'; filter: HardFilterId; previous: Record<string, unknown> };

type Props = { state: RelaxState; profileId: string; onChange: (next: RelaxState | null) => void };

/**
 * The banner over relaxed results. Preview: "Keep this change" saves it on the server, "Undo" goes back to the
 * saved results. Kept: "Undo" submits the previous set again.
 */
export function RelaxBanner({ state, profileId, onChange }: Props) {
  const keep = useKeepRelaxation();
  const restore = useRestorePreferences();
  const label = hardFilterLabel(state.filter);
  const busy = keep.isPending || restore.isPending;

  const onKeep = () =>
    keep.mutate(
      { profileId, filter: state.filter },
      {
        onSuccess: (res) => onChange({ phase: 'kept', filter: state.filter, previous: res.previous_preferences }),
      },
    );
  const onUndo = () => {
    if (state.phase === 'preview') return onChange(null);
    restore.mutate({ profileId, previous: state.previous }, { onSuccess: () => onChange(null) });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      bg="var(--kindred-teal-soft)"
      component="section"
      aria-labelledby="relax-title"
      aria-live="polite"
      data-testid="relax-banner"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={2} size="h4" id="relax-title">
            {state.phase === 'preview' ? `Showing results without your ${label}` : `Saved without your ${label}`}
          </Title>
          <Text size="sm" mt={4}>
            {state.phase === 'preview'
              ? `Nothing is saved yet.${state.savedTotal === null ? '' : ` Your saved preferences match ${state.savedTotal} ${state.savedTotal === 1 ? 'donor' : 'donors'}.`}`
              : 'Your saved preferences no longer include it. Undo brings them back as they were.'}
          </Text>
        </div>
        {state.phase === 'kept' && <CloseButton aria-label="Dismiss" onClick={() => onChange(null)} disabled={busy} />}
      </Group>
      <Group gap="sm" mt="sm">
        {state.phase === 'preview' && (
          <Button color="teal" onClick={onKeep} loading={keep.isPending} disabled={busy}>
            Keep this change
          </Button>
        )}
        <Button variant="default" onClick={onUndo} loading={restore.isPending} disabled={busy}>
          Undo
        </Button>
      </Group>
    </Paper>
  );
}
