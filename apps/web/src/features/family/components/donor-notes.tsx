import { Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { FAMILY_NOTE_MAX, type FamilyItem } from '@kindred/shared/family.schemas';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAddNote, useDeleteNote } from '../api/family.api.ts';

/** The notes on one donor the viewer may read (theirs, and the partner's shared ones), and a form to add one. */
export function DonorNotes({
  item,
  partner,
  readOnly = false,
}: {
  item: FamilyItem;
  partner: string;
  readOnly?: boolean;
}) {
  const add = useAddNote();
  const del = useDeleteNote();
  const [body, setBody] = useState('');
  const [shared, setShared] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const ref = item.donor_reference_id;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return setError('Write a note.');
    // The field empties as the note is sent, so a parent can write the next one straight away; a reply that
    // arrives later never wipes what they have typed since. A failed note comes back into an empty field.
    setBody('');
    setError(null);
    add.mutateAsync({ referenceId: ref, body: text, shared }).catch((err: unknown) => {
      setBody((now) => (now.trim() ? now : text));
      const f = fieldErrorsOf(err);
      if (f.body) setError(f.body);
      else toast.error(errorMessage(err, 'Your note was not saved. Please try again.'));
    });
  };
  return (
    <Stack gap={6}>
      {item.notes.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={`Notes on donor ${ref}`}
        >
          {item.notes.map((n) => (
            <li key={n.id} data-testid="family-note">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {n.author === 'me' ? 'You' : n.author_name}
                    </Text>
                    <Badge size="xs" variant="light" color={n.shared ? 'teal' : 'gray'}>
                      {n.shared ? `Shared` : 'Private'}
                    </Badge>
                    <Text size="xs" c="var(--kindred-muted)">
                      {formatDateTime(n.created_at)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {n.body}
                  </Text>
                </Stack>
                {n.author === 'me' && !readOnly && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    aria-label={`Delete your note: ${n.body.slice(0, 40)}`}
                    onClick={() =>
                      del.mutate(n.id, { onError: (e) => toast.error(errorMessage(e, 'Please try again.')) })
                    }
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <form onSubmit={submit} noValidate>
          <Stack gap={6}>
            <Textarea
              label={`Add a note on donor ${ref}`}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={FAMILY_NOTE_MAX}
              value={body}
              error={error}
              onChange={(e) => setBody(e.currentTarget.value)}
            />
            <Group justify="space-between" wrap="wrap">
              <Checkbox
                label={`Share with ${partner}`}
                checked={shared}
                onChange={(e) => setShared(e.currentTarget.checked)}
              />
              <Button type="submit" size="xs" variant="light" color="teal" loading={add.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
