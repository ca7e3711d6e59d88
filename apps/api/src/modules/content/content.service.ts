import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_MIN_FILL_MS,
  CONTACT_TOKEN_TTL_MS,
  CONTENT_MSG,
  type BlogDetailDto,
  type BlogDto,
  type BlogInput,
  type ContactInput,
  type TeamMemberInput,
} from '@kindred/shared/content.schemas';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import * as repo from './content.repository.ts';
import { renderMarkdown } from './content.markdown.ts';
import { contactMail } from './content.mail.ts';
import type { MediaService } from '../media/media.service.ts';

export const toBlogDto = (b: repo.BlogRow): BlogDto => ({
  id: Number(b.id),
  title: b.title,
  slug: b.slug,
  content: b.content,
  excerpt: b.excerpt,
  featured_image: b.featured_image,
  published_at: b.published_at ? new Date(b.published_at).toISOString() : null,
  created_by_name: b.created_by_name,
  view_count: Number(b.view_count),
});
export const toTeamDto = (m: repo.TeamRow) => ({ ...m, id: Number(m.id) });
export const toBlogDetailDto = (b: repo.BlogRow): BlogDetailDto => ({
  ...toBlogDto(b),
  content_html: renderMarkdown(b.content ?? ''),
  is_published: b.is_published,
});

/** A URL-safe slug from a title ("Questions to Ask?" → "questions-to-ask"). */
export const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'article';

const VIEW_SESSION_RE = /^[A-Za-z0-9_-]{16,64}$/;
export const isViewSessionId = (s: unknown): s is string => typeof s === 'string' && VIEW_SESSION_RE.test(s);
export const newViewSessionId = () => randomBytes(18).toString('base64url');

export type ContentService = ReturnType<typeof createContentService>;

/** Articles, team, testimonials, resources and the contact form: rules only, no HTTP. */
export function createContentService(deps: {
  db: Db;
  clock: Clock;
  mail: MailService;
  limits: RateLimits;
  secret: string;
  supportEmail: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Uploaded images: a save records the ones it refers to, and is refused if one no longer exists. */
  media: Pick<MediaService, 'markUsed'>;
}) {
  const { db } = deps;
  const sign = (issuedAt: number) =>
    createHmac('sha256', deps.secret).update(`contact-form:${issuedAt}`).digest('base64url');

  async function listBlogs(page: number, pageSize: number) {
    const [count, rows] = await Promise.all([
      repo.countPublishedBlogs(db),
      repo.listPublishedBlogs(db, { limit: pageSize, offset: (page - 1) * pageSize }),
    ]);
    const link = (p: number) => `${deps.publicUrl}/api/v1/blogs/?page=${p}&page_size=${pageSize}`;
    return {
      count,
      next: page * pageSize < count ? link(page + 1) : null,
      previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
      results: rows.map(toBlogDto),
    };
  }

  /** A published article; counts a view once per reader session when `sessionId` is given. */
  async function readBlog(by: { id: number } | { slug: string }, sessionId?: string): Promise<BlogDetailDto> {
    const found = await repo.findBlog(db, by);
    if (!found || !found.is_published || !found.published_at) throw notFound();
    if (sessionId && (await repo.recordView(db, Number(found.id), sessionId)))
      found.view_count = Number(found.view_count) + 1;
    return toBlogDetailDto(found);
  }

  async function saveBlog(id: number | null, input: BlogInput) {
    const slug = input.slug ?? slugify(input.title);
    await deps.media.markUsed({ featured_image: input.featured_image, content: input.content });
    try {
      const row =
        id === null ? await repo.insertBlog(db, { ...input, slug }) : await repo.updateBlog(db, id, { ...input, slug });
      if (!row) throw notFound();
      return toBlogDetailDto(row);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(CONTENT_MSG.slugTaken);
      throw err;
    }
  }

  return {
    listBlogs,
    readBlog,
    recentBlogs: async (n = 3) => (await repo.listPublishedBlogs(db, { limit: n, offset: 0 })).map(toBlogDto),
    allBlogs: async () => (await repo.listAllBlogs(db)).map(toBlogDetailDto),
    createBlog: (input: BlogInput) => saveBlog(null, input),
    updateBlog: (id: number, input: BlogInput) => saveBlog(id, input),
    async setPublished(id: number, published: boolean) {
      const row = await repo.setPublished(db, id, published);
      if (!row) throw notFound();
      return toBlogDetailDto(row);
    },
    team: async () => (await repo.listTeam(db)).map(toTeamDto),
    async createTeamMember(input: TeamMemberInput) {
      await deps.media.markUsed({ image: input.image });
      return toTeamDto(await repo.insertTeamMember(db, input));
    },
    async updateTeamMember(id: number, input: TeamMemberInput) {
      await deps.media.markUsed({ image: input.image });
      const row = await repo.updateTeamMember(db, id, input);
      if (!row) throw notFound();
      return toTeamDto(row);
    },
    async deleteTeamMember(id: number): Promise<void> {
      if (!(await repo.deleteTeamMember(db, id))) throw notFound();
    },
    testimonials: async () => (await repo.listTestimonials(db)).map((t) => ({ ...t, id: Number(t.id) })),
    resources: async () => (await repo.listResources(db)).map((r) => ({ ...r, id: Number(r.id) })),

    /** A token the contact form carries: when it was issued, signed, so the fill time can be checked. */
    contactToken(): string {
      const issuedAt = deps.clock.now().getTime();
      return `${issuedAt}.${sign(issuedAt)}`;
    },

    /**
     * Stores a contact message and mails it to support. A filled honeypot gets the normal answer and is dropped,
     * so a script learns nothing; a missing, forged, expired or too-quick token is refused.
     */
    async submitContact(input: ContactInput, ip: string): Promise<{ message: string }> {
      await deps.limits.consume('contact_ip', ip);
      const name = input.name.trim();
      const email = input.email.trim();
      const question = input.question.trim();
      if (input.website && input.website.trim() !== '') {
        deps.log.info({ ip }, 'contact form: honeypot filled, message dropped');
        return { message: CONTENT_MSG.contactReceived };
      }
      const missing = Object.entries({ name, email, question })
        .filter(([, v]) => v === '')
        .map(([k]) => k);
      if (missing.length) throw badRequest(Object.fromEntries(missing.map((k) => [k, [CONTENT_MSG.contactAllFields]])));
      const [issued, sig] = (input.form_token ?? '').split('.');
      const issuedAt = Number(issued);
      const expected = Number.isFinite(issuedAt) ? Buffer.from(sign(issuedAt)) : Buffer.alloc(0);
      const given = Buffer.from(sig ?? '');
      const age = deps.clock.now().getTime() - issuedAt;
      if (
        !sig ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        age > CONTACT_TOKEN_TTL_MS ||
        age < 0
      ) {
        throw new AppError('validation_error', CONTENT_MSG.contactTokenInvalid, 400, {
          fields: { form_token: [CONTENT_MSG.contactTokenInvalid] },
        });
      }
      if (age < CONTACT_MIN_FILL_MS) {
        throw new AppError('validation_error', CONTENT_MSG.contactTooFast, 400, {
          fields: { form_token: [CONTENT_MSG.contactTooFast] },
        });
      }
      const queued = await db.transaction(async (tx) => {
        await repo.insertContactMessage(tx, { name, email, question, ip });
        return deps.mail.enqueue(tx, deps.supportEmail, contactMail({ name, email, question }));
      });
      deps.mail.dispatch(queued);
      return { message: CONTENT_MSG.contactReceived };
    },
  };
}
