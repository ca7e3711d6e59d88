import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { TeamMemberDto } from '@kindred/shared/content.schemas';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useDeleteTeamMemberMutation } from '../api/delete-team-member.api.ts';
import { useTeam } from '../api/team.api.ts';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { AdminPageHeading } from './admin-shell.tsx';
import classes from './admin.module.css';
import { TeamMemberForm } from './team-member-form.tsx';
import { LoadFailed } from './load-failed.tsx';

type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; member: TeamMemberDto }
  | { kind: 'remove'; member: TeamMemberDto };

/** The team as the site shows it, with add, edit and remove. */
export function TeamManager() {
  const team = useTeam();
  const remove = useDeleteTeamMemberMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // Unsaved input in the add/edit dialog: Escape, the close button or a click outside asks before dropping it.
  const [formDirty, setFormDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const formWrapRef = useRef<HTMLDivElement>(null);
  const keepEditing = () => {
    setConfirmDiscard(false);
    // Back to the fields, where the keyboard was before the question.
    requestAnimationFrame(() => formWrapRef.current?.querySelector<HTMLElement>('input, textarea')?.focus());
  };
  // The fields are hidden while the question is asked: keyboard focus moves to its first answer.
  useEffect(() => {
    if (confirmDiscard) keepEditingRef.current?.focus();
  }, [confirmDiscard]);
  const headingId = 'admin-team-title';
  const close = () => {
    setDialog({ kind: 'none' });
    setFormDirty(false);
    setConfirmDiscard(false);
  };
  // Escape or the close button: with unsaved input, ask first; asked already, Escape means "keep editing".
  const requestCloseForm = () => {
    if (confirmDiscard) keepEditing();
    else if (formDirty) setConfirmDiscard(true);
    else close();
  };

  const confirmRemove = (member: TeamMemberDto) => {
    remove.mutate(member.id, {
      onSuccess: () => {
        toast.success(`${member.name} is removed from the team.`);
        close();
        // The member's row, and the button that opened the dialog, are gone: continue from the page heading.
        requestAnimationFrame(() => document.getElementById(headingId)?.focus());
      },
      onError: (error) => {
        toast.error(failureMessage(error, `${member.name} could not be removed. Please try again.`));
      },
    });
  };

  return (
    <Stack gap="lg">
      <AdminPageHeading title="Team" id={headingId}>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add team member</Button>
      </AdminPageHeading>
      <Text c="var(--kindred-muted)">
        These people appear in the Meet Our Team section of the home page, in this order.
      </Text>
      {team.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the team">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : team.isError ? (
        <LoadFailed title="We could not load the team" error={team.error} onRetry={() => void team.refetch()} />
      ) : team.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center">There is nobody on the team yet.</Text>
        </Paper>
      ) : (
        <ul aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {team.data.map((m) => {
            return (
              <Paper component="li" key={m.id} withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="md" wrap="nowrap">
                    {m.image ? (
                      <ResponsiveImage
                        className={classes.portrait}
                        src={m.image}
                        alt=""
                        sizes="56px"
                        width={56}
                        height={56}
                      />
                    ) : (
                      <div className={classes.portrait} aria-hidden="true" />
                    )}
                    <div>
                      <Text fw={650} component="h2" fz="md" m={0}>
                        {m.name}
                      </Text>
                      <Text size="sm" c="var(--kindred-muted)">
                        {m.designation} · {m.email}
                      </Text>
                    </div>
                  </Group>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', member: m })}>
                      Edit<VisuallyHidden> {m.name}</VisuallyHidden>
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDialog({ kind: 'remove', member: m })}
                    >
                      Remove<VisuallyHidden> {m.name}</VisuallyHidden>
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </ul>
      )}

      <AppModal
        opened={dialog.kind === 'add' || dialog.kind === 'edit'}
        onClose={requestCloseForm}
        title={
          confirmDiscard
            ? 'Discard your changes?'
            : dialog.kind === 'edit'
              ? `Edit ${dialog.member.name}`
              : 'Add team member'
        }
      >
        {(dialog.kind === 'add' || dialog.kind === 'edit') && (
          // Hidden, not unmounted, while the question is asked: "Keep editing" returns to the fields as typed.
          <div hidden={confirmDiscard} ref={formWrapRef}>
            <TeamMemberForm
              key={dialog.kind === 'edit' ? dialog.member.id : 'new'}
              member={dialog.kind === 'edit' ? dialog.member : undefined}
              onDone={close}
              onCancel={requestCloseForm}
              onDirtyChange={setFormDirty}
            />
          </div>
        )}
        {confirmDiscard && (
          <Stack gap="md">
            <Text>The details you typed have not been saved.</Text>
            <Group justify="flex-end" gap="sm">
              <Button ref={keepEditingRef} variant="default" onClick={keepEditing}>
                Keep editing
              </Button>
              <Button color="red" onClick={close}>
                Discard changes
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>

      <AppModal opened={dialog.kind === 'remove'} onClose={close} title="Remove team member?" size="sm">
        {dialog.kind === 'remove' && (
          <Stack gap="md">
            <Text>{dialog.member.name} will no longer appear on the website. This cannot be undone.</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button
                color="red"
                aria-busy={remove.isPending}
                onClick={() => !remove.isPending && confirmRemove(dialog.member)}
              >
                {remove.isPending ? 'Removing…' : `Remove ${dialog.member.name}`}
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
