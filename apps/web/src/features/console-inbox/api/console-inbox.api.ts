import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InboxListResponse,
  InboxMessageDetailDto,
  InboxStaffDto,
  InboxStatus,
} from '@kindred/shared/console-inbox.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { InboxSearch } from '../lib/inbox-search.ts';
import { toInboxQuery } from '../lib/inbox-search.ts';

export const inboxKeys = {
  all: ['admin', 'inbox'] as const,
  list: (search: InboxSearch) => ['admin', 'inbox', 'list', search] as const,
  message: (id: string) => ['admin', 'inbox', 'message', id] as const,
  assignees: ['admin', 'inbox', 'assignees'] as const,
};

/** GET admin/inbox/ (support, admin): one page of messages, filtered and sorted on the server. */
export const useInboxList = (search: InboxSearch) =>
  useQuery(
    queryOptions({
      queryKey: inboxKeys.list(search),
      queryFn: ({ signal }) =>
        apiRequest<InboxListResponse>(apiPaths.adminInbox, { auth: true, signal, query: toInboxQuery(search) }),
      // The page being replaced stays on screen while the next one loads (no jump to a skeleton).
      placeholderData: keepPreviousData,
    }),
  );

/** GET admin/inbox/<id>/: the message and its replies. */
export const useInboxMessage = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: inboxKeys.message(id),
      queryFn: ({ signal }) =>
        apiRequest<InboxMessageDetailDto>(apiPaths.adminInboxMessage(id), { auth: true, signal }),
    }),
  );

/** GET admin/inbox/assignees/: support staff and admins. */
export const useInboxAssignees = () =>
  useQuery(
    queryOptions({
      queryKey: inboxKeys.assignees,
      queryFn: ({ signal }) =>
        apiRequest<{ results: InboxStaffDto[] }>(apiPaths.adminInboxAssignees, { auth: true, signal }),
      staleTime: 60_000,
    }),
  );

/** After a change: the message's own answer is shown at once, and the lists are fetched again. */
function useMessageChange<V>(id: string, call: (v: V) => Promise<InboxMessageDetailDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (saved) => {
      queryClient.setQueryData(inboxKeys.message(id), saved);
      await queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'list'] });
    },
  });
}

/** POST admin/inbox/<id>/replies/: e-mailed to the sender, kept with the message (audited). */
export const useReplyMutation = (id: string) =>
  useMessageChange(id, (body: string) =>
    apiRequest<InboxMessageDetailDto>(apiPaths.adminInboxReplies(id), { method: 'POST', body: { body }, auth: true }),
  );

/** PUT admin/inbox/<id>/assignee/ (audited). */
export const useAssignMutation = (id: string) =>
  useMessageChange(id, (assigneeId: string | null) =>
    apiRequest<InboxMessageDetailDto>(apiPaths.adminInboxAssignee(id), {
      method: 'PUT',
      body: { assignee_id: assigneeId },
      auth: true,
    }),
  );

/** PUT admin/inbox/<id>/status/ (audited): close, reopen. */
export const useStatusMutation = (id: string) =>
  useMessageChange(id, (status: InboxStatus) =>
    apiRequest<InboxMessageDetailDto>(apiPaths.adminInboxStatus(id), { method: 'PUT', body: { status }, auth: true }),
  );
