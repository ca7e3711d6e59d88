import { z } from 'zod';

/**
 * The operator console's inbox (issue 15, ADR 022): contact-form messages with a status, an assignee and the
 * replies staff e-mailed from the console. Support and admin use it.
 */
export const INBOX_STATUSES = ['new', 'answered', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };
export const INBOX_PAGE_SIZES = [10, 25, 50] as const;

export const INBOX_MSG = {
  replyRequired: 'Write a reply.',
  replyTooLong: 'A reply can be at most 10,000 characters.',
  assigneeInvalid: 'Choose a staff member.',
  assigneeNotStaff: 'Messages can be assigned to support staff and admins only.',
  statusInvalid: 'Choose new, answered or closed.',
  searchTooLong: 'Search for at most 100 characters.',
  replySent: 'Your reply is sent.',
  replyAddressInvalid:
    'This message has no single valid e-mail address to reply to. Nothing was sent; contact the sender another way.',
} as const;

export const inboxListQuery = z.object({
  status: z.enum(INBOX_STATUSES, { error: INBOX_MSG.statusInvalid }).optional(),
  /** `me`, `none` (unassigned) or a staff member's id. */
  assignee: z.union([z.enum(['me', 'none']), z.uuid().toLowerCase()], { error: INBOX_MSG.assigneeInvalid }).optional(),
  /** Part of the sender's name, address or message. */
  q: z.string().trim().max(100, { error: INBOX_MSG.searchTooLong }).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxListQuery = z.infer<typeof inboxListQuery>;

/** A staff member as the inbox shows them (assignee, reply author): id and name only. */
export const inboxStaffDto = z.object({ id: z.string(), name: z.string() });
export type InboxStaffDto = z.infer<typeof inboxStaffDto>;

export const inboxMessageDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The one address a reply is mailed to, exactly as sent; null when the stored address is not one mailbox. */
  reply_to: z.string().nullable(),
  question: z.string(),
  status: z.enum(INBOX_STATUSES),
  assignee: inboxStaffDto.nullable(),
  reply_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type InboxMessageDto = z.infer<typeof inboxMessageDto>;

export const inboxListResponse = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(inboxMessageDto),
});
export type InboxListResponse = z.infer<typeof inboxListResponse>;

export const inboxReplyDto = z.object({
  id: z.string(),
  body: z.string(),
  author: inboxStaffDto.nullable(),
  created_at: z.string(),
});
export type InboxReplyDto = z.infer<typeof inboxReplyDto>;

export const inboxMessageDetailDto = inboxMessageDto.extend({ replies: z.array(inboxReplyDto) });
export type InboxMessageDetailDto = z.infer<typeof inboxMessageDetailDto>;

export const inboxReplyInput = z.object({
  body: z
    .string({ error: INBOX_MSG.replyRequired })
    .trim()
    .min(1, { error: INBOX_MSG.replyRequired })
    .max(10_000, { error: INBOX_MSG.replyTooLong }),
});
export type InboxReplyInput = z.infer<typeof inboxReplyInput>;

export const inboxAssignInput = z.object({
  // Lower-cased once valid: the database's form, so "already assigned" is seen whatever the spelling.
  assignee_id: z.uuid({ error: INBOX_MSG.assigneeInvalid }).toLowerCase().nullable(),
});
export type InboxAssignInput = z.infer<typeof inboxAssignInput>;

export const inboxStatusInput = z.object({
  status: z.enum(INBOX_STATUSES, { error: INBOX_MSG.statusInvalid }),
});
export type InboxStatusInput = z.infer<typeof inboxStatusInput>;

export const inboxAssigneesResponse = z.object({ results: z.array(inboxStaffDto) });

/** :id of an inbox message: a malformed id reads as not found. */
export const inboxMessageParams = z.object({ id: z.uuid({ error: 'Not found.' }) });
