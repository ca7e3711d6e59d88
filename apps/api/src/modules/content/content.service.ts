import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
import { isSingleMailbox, MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { escapeHtml } from '../mail/mail.templates.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import * as repo from './content.repository.ts';
import type { MarkdownRenderer } from './content.render.ts';
import { contactMail } from './content.mail.ts';
import type { MediaService } from '../media/media.service.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';

/**
 * What the audit log keeps of an article (ADR 022): its fields, but of the Markdown body only its length and a
 * digest (an article may hold 100,000 characters), and not the byline (a name).
 */
const articleAudit = (b: repo.BlogRow) => ({
  title: b.title,
  slug: b.slug,
  excerpt: b.excerpt,
  featured_image: b.featured_image,
  is_published: b.is_published,
  published_at: b.published_at === null ? null : new Date(b.published_at).toISOString(),
  content_chars: (b.content ?? '').length,
  content_sha256: createHash('sha256')
    .update(b.content ?? '')
    .digest('hex')
    .slice(0, 16),
});
/** What the audit log keeps of a team member: not the name or the e-mail address (ids only, ADR 022). */
const teamAudit = (m: repo.TeamRow) => ({
  designation: m.designation,
  small_description: m.small_description,
  image: m.image,
});

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
const toBlogDetailDto = (b: repo.BlogRow, html: string): BlogDetailDto => ({
  ...toBlogDto(b),
  content_html: html,
  is_published: b.is_published,
});

/** What an article saved before 022 shows when its Markdown cannot be rendered in time: its text, escaped. */
const plainHtml = (markdown: string) =>
  markdown
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('\n');

/** A URL-safe slug from a title ("Questions to Ask?" → "questions-to-ask"). */
export const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'article';

const VIEW_SESSION_RE = /^[A-Za-z0-9_-]{24}$/;
export const newViewSessionId = () => randomBytes(18).toString('base64url');

/**
 * Who is reading, for the view count: `visitor` is the id in the reader's signed cookie, `verified` false when
 * the request carried no valid one (a first visit: a cookie with this new id is being set).
 */
export type Reader = { visitor: string; verified: boolean; ip: string };

export type ContentService = ReturnType<typeof createContentService>;

/** Articles, team, testimonials, resources and the contact form: rules only, no HTTP. */
/** How long an article page's view waits in memory before it is counted (server-rendered pages). */
export const VIEW_FLUSH_MS = 1000;

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
  /** Every admin change writes its audit row in its own transaction (ADR 022). */
  audit: Pick<AuditService, 'change'>;
  /** Markdown to sanitised HTML off the event loop, with a time limit. */
  renderer: MarkdownRenderer;
  /** Hosts besides PUBLIC_URL's whose https images an article may show (CONTENT_IMAGE_HOSTS). */
  imageHosts?: readonly string[];
}) {
  const { db } = deps;
  const hmac = (purpose: string, value: string | number) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${value}`).digest('base64url');
  const sign = (issuedAt: number) => hmac('contact-form', issuedAt);
  /**
   * Every content change goes through here: `edits` counts them, so this instance's cached pages are checked again
   * at once after an edit here (an unpublished article is gone from the next page view); other instances notice
   * within the render cache's recheck second.
   */
  let edits = 0;
  const change: AuditService['change'] = async (actor, fn) => {
    try {
      return await deps.audit.change(actor, fn);
    } finally {
      edits += 1;
    }
  };
  const imageHosts = new Set([new URL(deps.publicUrl).host, ...(deps.imageHosts ?? [])].map((h) => h.toLowerCase()));

  /** A featured image on this site (the schema checked the path) or on an allowed https host. */
  function checkFeaturedImage(value: string | null | undefined) {
    if (!value?.startsWith('https:')) return;
    if (!imageHosts.has(new URL(value).host.toLowerCase()))
      throw fieldError('featured_image', CONTENT_MSG.featuredImageInvalid);
  }

  /** The article's stored HTML; an article saved before it was kept is rendered once now and stored. */
  async function htmlOf(row: repo.BlogRow): Promise<string> {
    if (row.body_html !== null) return row.body_html;
    const markdown = row.content ?? '';
    const html = await deps.renderer.render(markdown).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ blogId: row.id }, 'article Markdown could not be rendered in time; stored as plain text');
      return plainHtml(markdown);
    });
    await repo.storeBodyHtml(db, Number(row.id), row.content, html);
    return html;
  }
  const detail = async (row: repo.BlogRow) => toBlogDetailDto(row, await htmlOf(row));

  /**
   * Counts a view at most once a day per reader: per signed cookie, and a request without one counts once a day
   * per client address, so requests that drop the cookie do not add up. Keys hold no raw address.
   */
  async function countView(blogId: number, reader: Reader): Promise<boolean> {
    const day = deps.clock.now().toISOString().slice(0, 10);
    const visitorKey = `v:${reader.visitor}:${day}`;
    if (!reader.verified) {
      // A first visit from this address today counts (and so does this new cookie); later first visits from it
      // (people behind one NAT, or a script) count when they come back with their cookie.
      if (!(await repo.recordView(db, blogId, `ip:${hmac('view-ip', reader.ip)}:${day}`))) return false;
    }
    if (!(await repo.recordView(db, blogId, visitorKey))) return false;
    await repo.countView(db, blogId);
    return true;
  }

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

  /**
   * Views of server-rendered article pages, counted apart from the HTML (issue 26): the page is served from the
   * render cache, and its view is queued here and counted by `countView`'s rules within VIEW_FLUSH_MS. Queued views
   * of one article by one reader (one address, for readers without a valid cookie) are one, so a burst of requests
   * costs one write, and a forged view still adds nothing.
   */
  const pendingViews = new Map<string, { slug: string; reader: Reader }>();
  let flushTimer: NodeJS.Timeout | undefined;
  function queueView(slug: string, reader: Reader) {
    const day = deps.clock.now().toISOString().slice(0, 10);
    const who = reader.verified ? `v:${reader.visitor}` : `ip:${hmac('view-ip', reader.ip)}`;
    const key = `${slug}|${who}:${day}`;
    if (!pendingViews.has(key)) pendingViews.set(key, { slug, reader });
    flushTimer ??= setTimeout(
      () => void flushViews().catch((err: unknown) => deps.log.warn({ err }, 'article views not counted')),
      VIEW_FLUSH_MS,
    ).unref();
  }
  /** Counts the queued views now (the timer, a test, the shutdown). */
  async function flushViews() {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = [...pendingViews.values()];
    pendingViews.clear();
    const ids = new Map<string, number | null>();
    for (const { slug, reader } of batch) {
      if (!ids.has(slug)) {
        const found = await repo.findBlog(db, { slug });
        ids.set(slug, found?.is_published ? Number(found.id) : null);
      }
      const id = ids.get(slug);
      if (id != null) await countView(id, reader);
    }
  }

  /** A published article; counts a view (at most once a day per reader) when `reader` is given. */
  async function readBlog(by: { id: number } | { slug: string }, reader?: Reader): Promise<BlogDetailDto> {
    const found = await repo.findBlog(db, by);
    if (!found || !found.is_published || !found.published_at) throw notFound();
    if (reader && (await countView(Number(found.id), reader))) found.view_count = Number(found.view_count) + 1;
    return detail(found);
  }

  async function saveBlog(actor: AuditActor, id: number | null, input: BlogInput) {
    const slug = input.slug ?? slugify(input.title);
    checkFeaturedImage(input.featured_image);
    const body_html = await deps.renderer.render(input.content);
    await deps.media.markUsed({ featured_image: input.featured_image, content: input.content });
    try {
      const write = { ...input, slug, body_html };
      const row = await change(actor, async (tx) => {
        const before = id === null ? undefined : await repo.findBlog(tx, { id });
        if (id !== null && !before) throw notFound();
        const saved = id === null ? await repo.insertBlog(tx, write) : await repo.updateBlog(tx, id, write);
        if (!saved) throw notFound();
        return {
          result: saved,
          audit: {
            action: id === null ? 'article.create' : 'article.update',
            targetType: 'article',
            targetId: String(saved.id),
            before: before ? articleAudit(before) : null,
            after: articleAudit(saved),
          },
        };
      });
      return detail(row);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(CONTENT_MSG.slugTaken);
      throw err;
    }
  }

  return {
    listBlogs,
    readBlog,
    queueView,
    flushViews,
    /** How many content changes this instance has made (the render cache's local version). */
    edits: () => edits,
    recentBlogs: async (n = 3) => (await repo.listPublishedBlogs(db, { limit: n, offset: 0 })).map(toBlogDto),
    allBlogs: async () => Promise.all((await repo.listAllBlogs(db)).map(detail)),
    /** Admin preview: the same bounded renderer and sanitiser as a save. */
    previewMarkdown: async (markdown: string) => ({ content_html: await deps.renderer.render(markdown) }),
    /** The value of a reader's view cookie for `visitor`: the id and its signature. */
    signVisitor: (visitor: string) => `${visitor}.${hmac('view-session', visitor)}`,
    /** The visitor id in a view cookie, when its signature is ours; undefined for anything else. */
    verifyVisitor(value: string | undefined): string | undefined {
      const [visitor, sig, ...rest] = (value ?? '').split('.');
      if (!visitor || !sig || rest.length > 0 || !VIEW_SESSION_RE.test(visitor)) return undefined;
      const expected = Buffer.from(hmac('view-session', visitor));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? visitor : undefined;
    },
    createBlog: (actor: AuditActor, input: BlogInput) => saveBlog(actor, null, input),
    updateBlog: (actor: AuditActor, id: number, input: BlogInput) => saveBlog(actor, id, input),
    async setPublished(actor: AuditActor, id: number, published: boolean) {
      const row = await change(actor, async (tx) => {
        const before = await repo.findBlog(tx, { id });
        const after = before && (await repo.setPublished(tx, id, published));
        if (!before || !after) throw notFound();
        return {
          result: after,
          audit: {
            action: published ? 'article.publish' : 'article.unpublish',
            targetType: 'article',
            targetId: String(id),
            before: articleAudit(before),
            after: articleAudit(after),
          },
        };
      });
      return detail(row);
    },
    team: async () => (await repo.listTeam(db)).map(toTeamDto),
    async createTeamMember(actor: AuditActor, input: TeamMemberInput) {
      await deps.media.markUsed({ image: input.image });
      const row = await change(actor, async (tx) => {
        const created = await repo.insertTeamMember(tx, input);
        const audit = { action: 'team.create', targetType: 'team_member', targetId: String(created.id) };
        return { result: created, audit: { ...audit, after: teamAudit(created) } };
      });
      return toTeamDto(row);
    },
    async updateTeamMember(actor: AuditActor, id: number, input: TeamMemberInput) {
      await deps.media.markUsed({ image: input.image });
      const row = await change(actor, async (tx) => {
        const before = await repo.findTeamMember(tx, id);
        const after = before && (await repo.updateTeamMember(tx, id, input));
        if (!before || !after) throw notFound();
        const audit = { action: 'team.update', targetType: 'team_member', targetId: String(id) };
        return { result: after, audit: { ...audit, before: teamAudit(before), after: teamAudit(after) } };
      });
      return toTeamDto(row);
    },
    async deleteTeamMember(actor: AuditActor, id: number): Promise<void> {
      await change(actor, async (tx) => {
        const before = await repo.findTeamMember(tx, id);
        if (!before || !(await repo.deleteTeamMember(tx, id))) throw notFound();
        const audit = { action: 'team.delete', targetType: 'team_member', targetId: String(id) };
        return { result: null, audit: { ...audit, before: teamAudit(before), after: null } };
      });
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
      // Support's reply goes to this address: one mailbox, never a list or a display name hiding another address.
      if (!isSingleMailbox(email)) throw badRequest({ email: [MSG.emailInvalid] });
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
        const id = await repo.insertContactMessage(tx, { name, email, question, ip });
        // `ref` ties support's copy to the message: the sender's account purge deletes both (issue 25).
        return deps.mail.enqueue(tx, deps.supportEmail, contactMail({ name, email, question }), { ref: id });
      });
      deps.mail.dispatch(queued);
      return { message: CONTENT_MSG.contactReceived };
    },
  };
}
