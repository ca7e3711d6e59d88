import {
  INBOX_MSG,
  type InboxListQuery,
  type InboxListResponse,
  type InboxMessageDetailDto,
  type InboxMessageDto,
  type InboxStatus,
} from '@kindred/shared/console-inbox.schemas';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { isSingleMailbox } from '@kindred/shared';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import * as repo from './inbox.repository.ts';
import { contactReplyMail } from './inbox.mail.ts';

const staff = (id: string | null, name: string | null) => (id ? { id, name: name ?? 'Staff member' } : null);

const toMessageDto = (m: repo.InboxMessageRow): InboxMessageDto => ({
  id: m.id,
  name: m.name,
  email: m.email,
  reply_to: isSingleMailbox(m.email) ? m.email : null,
  question: m.question,
  status: m.status,
  assignee: staff(m.assignee_id, m.assignee_name),
  reply_count: m.reply_count,
  created_at: m.created_at.toISOString(),
  updated_at: m.updated_at ? m.updated_at.toISOString() : null,
});

/**
 * The operator console's inbox (issue 15, ADR 022): contact-form messages with status, assignee and replies. A
 * reply is kept with the message and e-mailed to the sender through the outbox in the same transaction, with its
 * audit row (`inbox.reply`: the reply's id and length, never its text); assigning and changing the status write
 * `inbox.assign` and `inbox.status`. Audit rows hold ids only: the sender's name and address stay in the message,
 * which an account purge deletes (ADR 020; replies cascade).
 */
export function createInboxService(deps: { db: Db; clock: Clock; mail: MailService; audit: AuditService }) {
  const { db, clock, mail, audit } = deps;

  async function detail(id: string): Promise<InboxMessageDetailDto> {
    const message = await repo.findMessage(db, id);
    if (!message) throw notFound();
    const replies = await repo.listReplies(db, id);
    return {
      ...toMessageDto(message),
      replies: replies.map((r) => ({
        id: r.id,
        body: r.body,
        author: staff(r.author_id, r.author_name),
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  return {
    async list(actor: AuditActor, q: InboxListQuery): Promise<InboxListResponse> {
      const assigneeId = q.assignee === 'me' ? actor.id : q.assignee === 'none' ? null : q.assignee;
      const { count, rows } = await repo.listMessages(db, {
        status: q.status,
        assigneeId,
        q: q.q || undefined,
        sort: q.sort,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { count, page: q.page, page_size: q.page_size, results: rows.map(toMessageDto) };
    },

    detail,

    /** Staff a message can be assigned to. */
    assignees: () => repo.listStaff(db),

    /** Keeps the reply, e-mails it to the sender and marks the message answered: one transaction, one audit row. */
    async reply(actor: AuditActor, id: string, body: string): Promise<InboxMessageDetailDto> {
      const now = clock.now();
      const queued = await audit.change(actor, async (tx) => {
        const message = await repo.lockMessage(tx, id);
        if (!message) throw notFound();
        // Written before single-address checking (issue 25): never hand a list or a display name to the mailer.
        if (!isSingleMailbox(message.email))
          throw new AppError('reply_address_invalid', INBOX_MSG.replyAddressInvalid, 400);
        const replyId = await repo.insertReply(tx, { messageId: id, authorId: actor.id, body, now });
        await repo.setStatus(tx, id, 'answered', now);
        const sent = await mail.enqueue(
          tx,
          message.email,
          contactReplyMail({ name: message.name, question: message.question, reply: body }),
          { key: `contact-reply:${replyId}` },
        );
        return {
          result: sent,
          audit: {
            action: 'inbox.reply',
            targetType: 'contact_message',
            targetId: id,
            before: { status: message.status },
            after: { status: 'answered', reply_id: replyId, reply_length: body.length },
          },
        };
      });
      mail.dispatch(queued);
      return detail(id);
    },

    /** Assigns the message to a staff member (support or admin), or to nobody. */
    async assign(actor: AuditActor, id: string, assigneeId: string | null): Promise<InboxMessageDetailDto> {
      await audit.change(actor, async (tx) => {
        const message = await repo.lockMessage(tx, id);
        if (!message) throw notFound();
        if (assigneeId !== null && !(await repo.isActiveStaff(tx, assigneeId)))
          throw fieldError('assignee_id', INBOX_MSG.assigneeNotStaff);
        if (message.assignee_id === assigneeId) return { result: null, audit: null };
        await repo.setAssignee(tx, id, assigneeId, clock.now());
        return {
          result: null,
          audit: {
            action: 'inbox.assign',
            targetType: 'contact_message',
            targetId: id,
            before: { assignee_id: message.assignee_id },
            after: { assignee_id: assigneeId },
          },
        };
      });
      return detail(id);
    },

    /** New, answered or closed (close and reopen). Setting the status it already has changes nothing. */
    async setStatus(actor: AuditActor, id: string, status: InboxStatus): Promise<InboxMessageDetailDto> {
      await audit.change(actor, async (tx) => {
        const message = await repo.lockMessage(tx, id);
        if (!message) throw notFound();
        if (message.status === status) return { result: null, audit: null };
        await repo.setStatus(tx, id, status, clock.now());
        return {
          result: null,
          audit: {
            action: 'inbox.status',
            targetType: 'contact_message',
            targetId: id,
            before: { status: message.status },
            after: { status },
          },
        };
      });
      return detail(id);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
