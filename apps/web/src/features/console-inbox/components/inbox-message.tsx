import { Alert, Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { INBOX_MSG, inboxReplyInput, type InboxMessageDetailDto } from '@kindred/shared/console-inbox.schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { currentUserQueryOptions } from '../../admin/api/current-user.api.ts';
import { AdminPageHeading, NoAccess } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { failureMessage, isForbidden, serverFieldErrors } from '../../../lib/server-errors.ts';
import {
  useAssignMutation,
  useInboxAssignees,
  useInboxMessage,
  useReplyMutation,
  useStatusMutation,
} from '../api/console-inbox.api.ts';
import { InboxStatusBadge } from './inbox-status-badge.tsx';

const HEADING_ID = 'inbox-message-title';
const validateReply = schemaResolver(inboxReplyInput, { sync: true });

/** One contact-form message: who sent it, its status and assignee, its replies, and the reply form. */
export function InboxMessage({ id, backTo }: { id: string; backTo: string }) {
  const message = useInboxMessage(id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backTo} size="sm">
        ← Back to the inbox
      </Anchor>
      {message.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the message">
          <Skeleton h={40} radius="sm" />
          <Skeleton h={120} radius="sm" />
        </Stack>
      ) : message.isError ? (
        isForbidden(message.error) ? (
          <NoAccess />
        ) : (
          <LoadFailed
            title="We could not load this message"
            error={message.error}
            onRetry={() => void message.refetch()}
          />
        )
      ) : (
        <MessageView message={message.data} />
      )}
    </Stack>
  );
}

function MessageView({ message }: { message: InboxMessageDetailDto }) {
  const me = useQuery(currentUserQueryOptions());
  const assignees = useInboxAssignees();
  const assign = useAssignMutation(message.id);
  const status = useStatusMutation(message.id);
  const onAssign = (assigneeId: string | null) =>
    assign.mutate(assigneeId, {
      onSuccess: (saved) =>
        toast.success(saved.assignee ? `Assigned to ${saved.assignee.name}.` : 'Nobody is assigned now.'),
      onError: (error) => toast.error(failureMessage(error, 'The message could not be assigned. Please try again.')),
    });
  const onStatus = (next: 'closed' | 'new' | 'answered') =>
    status.mutate(next, {
      onSuccess: () => toast.success(next === 'closed' ? 'The message is closed.' : 'The message is open again.'),
      onError: (error) => toast.error(failureMessage(error, 'The status could not be changed. Please try again.')),
    });
  const myId = me.data?.id;
  const staff = assignees.data?.results ?? [];
  const options = [
    { value: '', label: 'Nobody' },
    ...staff.map((s) => ({ value: s.id, label: s.name })),
    // The current assignee stays listed even if they left the staff.
    ...(message.assignee && !staff.some((s) => s.id === message.assignee!.id)
      ? [{ value: message.assignee.id, label: message.assignee.name }]
      : []),
  ];

  return (
    <Stack gap="lg">
      <AdminPageHeading title={`Message from ${message.name}`} id={HEADING_ID}>
        <InboxStatusBadge status={message.status} />
      </AdminPageHeading>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text size="sm" c="var(--kindred-muted)">
            {message.email} · received {formatDateTime(message.created_at)}
          </Text>
          <Text size="sm">
            <strong>Reply goes to:</strong> {message.reply_to ?? 'nowhere (not one valid address)'}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{message.question}</Text>
        </Stack>
      </Paper>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Assignee"
          data={options}
          value={message.assignee?.id ?? ''}
          allowDeselect={false}
          onChange={(v) => onAssign(v ? v : null)}
          disabled={assign.isPending}
          w={220}
        />
        {myId && message.assignee?.id !== myId && (
          <Button variant="light" onClick={() => onAssign(myId)} loading={assign.isPending}>
            Assign to me
          </Button>
        )}
        {message.status === 'closed' ? (
          <Button
            variant="default"
            onClick={() => onStatus(message.replies.length > 0 ? 'answered' : 'new')}
            loading={status.isPending}
          >
            Reopen
          </Button>
        ) : (
          <Button variant="default" onClick={() => onStatus('closed')} loading={status.isPending}>
            Close
          </Button>
        )}
      </Group>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Replies
        </Title>
        {message.replies.length === 0 ? (
          <Text c="var(--kindred-muted)">Nobody has replied yet.</Text>
        ) : (
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {message.replies.map((r) => (
              <Paper component="li" key={r.id} withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
                <Text size="sm" fw={600}>
                  {r.author?.name ?? 'A former staff member'} · {formatDateTime(r.created_at)}
                </Text>
                <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {r.body}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      <ReplyForm message={message} />
    </Stack>
  );
}

/** The reply: e-mailed to the sender and kept with the message; the message is then answered. */
function ReplyForm({ message }: { message: InboxMessageDetailDto }) {
  const reply = useReplyMutation(message.id);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { body: '' }, validate: validateReply });
  const send = (values: { body: string }) =>
    reply.mutate(values.body.trim(), {
      onSuccess: () => {
        toast.success(INBOX_MSG.replySent);
        form.reset();
      },
      onError: (error) => {
        setFailure(failureMessage(error, 'The reply could not be sent. Please try again.'));
        const fields = serverFieldErrors(error, ['body'] as const);
        if (fields.body) {
          form.setErrors(fields);
          focusFirstInvalid();
        }
      },
    });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reply.isPending) return;
        setFailure(null);
        form.onSubmit(send, focusFirstInvalid)(event);
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Not sent" role="alert">
            {failure}
          </Alert>
        )}
        {!message.reply_to && (
          <Alert color="yellow" variant="light" title="No address to reply to">
            {INBOX_MSG.replyAddressInvalid}
          </Alert>
        )}
        <Textarea
          label="Your reply"
          description={
            message.reply_to
              ? `E-mailed only to ${message.reply_to} and kept with this message.`
              : 'Kept with this message; it cannot be e-mailed (see above).'
          }
          autosize
          minRows={4}
          maxRows={14}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button type="submit" aria-busy={reply.isPending} disabled={!message.reply_to}>
            {reply.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
