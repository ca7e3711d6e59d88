import type { Queryable } from '../../db/db.ts';
import type { BlogInput, TeamMemberInput } from '@kindred/shared/content.schemas';

export type BlogRow = {
  id: string | number;
  title: string | null;
  slug: string;
  content: string | null;
  excerpt: string | null;
  featured_image: string | null;
  created_by_name: string | null;
  view_count: number;
  is_published: boolean;
  published_at: Date | string | null;
  /** The sanitised HTML of `content`, rendered when saved; null for rows saved before it was kept (022). */
  body_html: string | null;
};
export type TeamRow = {
  id: string | number;
  name: string;
  designation: string;
  email: string;
  small_description: string;
  image: string | null;
};
export type TestimonialRow = { id: string | number; quote: string; author: string; context: string };
export type ResourceRow = {
  id: string | number;
  name: string;
  description: string;
  url: string;
  logo: string | null;
  category: 'clinical' | 'community' | 'international';
};

const BASE_COLS =
  'id, title, slug, content, excerpt, featured_image, created_by_name, view_count, is_published, published_at';
const BLOG_COLS = `${BASE_COLS}, body_html`;
/** The public lists never show the rendered body. */
const LIST_COLS = `${BASE_COLS}, null as body_html`;
const PUBLISHED = 'is_published and published_at is not null';

export async function countPublishedBlogs(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: string | number }>(`select count(*) as n from blogs where ${PUBLISHED}`);
  return Number(rows[0]!.n);
}

/** Published articles, newest first. */
export function listPublishedBlogs(db: Queryable, opts: { limit: number; offset: number }): Promise<BlogRow[]> {
  return db.query<BlogRow>(
    `select ${LIST_COLS} from blogs where ${PUBLISHED} order by published_at desc, id desc limit $1 offset $2`,
    [opts.limit, opts.offset],
  );
}

export function listAllBlogs(db: Queryable): Promise<BlogRow[]> {
  return db.query<BlogRow>(`select ${BLOG_COLS} from blogs order by coalesce(published_at, created_at) desc, id desc`);
}

export async function findBlog(db: Queryable, by: { id: number } | { slug: string }): Promise<BlogRow | undefined> {
  const [where, value] = 'id' in by ? ['id = $1', by.id] : ['slug = $1', by.slug];
  return (await db.query<BlogRow>(`select ${BLOG_COLS} from blogs where ${where}`, [value]))[0];
}

/** Keeps the HTML rendered from `content`, unless the article was edited since (its content differs). */
export async function storeBodyHtml(db: Queryable, id: number, content: string | null, html: string): Promise<void> {
  await db.query('update blogs set body_html = $3 where id = $1 and content is not distinct from $2', [
    id,
    content,
    html,
  ]);
}

/** Records a view for (article, key) once; returns true when the key had not been recorded before. */
export async function recordView(db: Queryable, blogId: number, key: string): Promise<boolean> {
  const inserted = await db.query(
    'insert into blog_views (blog_id, session_id) values ($1, $2) on conflict do nothing returning blog_id',
    [blogId, key],
  );
  return inserted.length > 0;
}

export async function countView(db: Queryable, blogId: number): Promise<void> {
  await db.query('update blogs set view_count = view_count + 1 where id = $1', [blogId]);
}

export type BlogWrite = BlogInput & { slug: string; body_html: string };

export async function insertBlog(db: Queryable, input: BlogWrite): Promise<BlogRow> {
  const rows = await db.query<BlogRow>(
    `insert into blogs (title, slug, content, excerpt, featured_image, created_by_name, is_published, published_at,
       body_html)
     values ($1, $2, $3, $4, $5, $6, $7, case when $7 then now() else null end, $8) returning ${BLOG_COLS}`,
    [
      input.title,
      input.slug,
      input.content,
      input.excerpt ?? null,
      input.featured_image ?? null,
      input.created_by_name ?? 'Kindred Editorial Team',
      input.published ?? false,
      input.body_html,
    ],
  );
  return rows[0]!;
}

export async function updateBlog(db: Queryable, id: number, input: BlogWrite): Promise<BlogRow | undefined> {
  const rows = await db.query<BlogRow>(
    `update blogs set title = $2, slug = $3, content = $4, excerpt = $5, featured_image = $6,
       created_by_name = coalesce($7, created_by_name), updated_at = now(), body_html = $9,
       is_published = coalesce($8, is_published),
       published_at = case when coalesce($8, is_published) then coalesce(published_at, now()) else published_at end
     where id = $1 returning ${BLOG_COLS}`,
    [
      id,
      input.title,
      input.slug,
      input.content,
      input.excerpt ?? null,
      input.featured_image ?? null,
      input.created_by_name ?? null,
      input.published ?? null,
      input.body_html,
    ],
  );
  return rows[0];
}

/** Publishing keeps the first publication date, so an article republished after a fix keeps its place. */
export async function setPublished(db: Queryable, id: number, published: boolean): Promise<BlogRow | undefined> {
  const rows = await db.query<BlogRow>(
    `update blogs set is_published = $2,
       published_at = case when $2 then coalesce(published_at, now()) else published_at end, updated_at = now()
     where id = $1 returning ${BLOG_COLS}`,
    [id, published],
  );
  return rows[0];
}

export function listTeam(db: Queryable): Promise<TeamRow[]> {
  return db.query<TeamRow>(
    'select id, name, designation, email, small_description, image from team_members order by sort_order, id',
  );
}

/** One team member, locked for the change the caller's transaction is making. */
export async function findTeamMember(db: Queryable, id: number): Promise<TeamRow | undefined> {
  const rows = await db.query<TeamRow>(
    'select id, name, designation, email, small_description, image from team_members where id = $1 for update',
    [id],
  );
  return rows[0];
}

export async function insertTeamMember(db: Queryable, m: TeamMemberInput): Promise<TeamRow> {
  const rows = await db.query<TeamRow>(
    `insert into team_members (name, designation, email, small_description, image, sort_order)
       values ($1, $2, $3, $4, $5, $6)
     returning id, name, designation, email, small_description, image`,
    [m.name, m.designation, m.email, m.small_description, m.image ?? null, m.sort_order ?? 100],
  );
  return rows[0]!;
}

export async function updateTeamMember(db: Queryable, id: number, m: TeamMemberInput): Promise<TeamRow | undefined> {
  const rows = await db.query<TeamRow>(
    `update team_members set name = $2, designation = $3, email = $4, small_description = $5, image = $6,
       sort_order = coalesce($7, sort_order)
     where id = $1 returning id, name, designation, email, small_description, image`,
    [id, m.name, m.designation, m.email, m.small_description, m.image ?? null, m.sort_order ?? null],
  );
  return rows[0];
}

export async function deleteTeamMember(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('delete from team_members where id = $1 returning id', [id])).length > 0;
}

export function listTestimonials(db: Queryable): Promise<TestimonialRow[]> {
  return db.query<TestimonialRow>('select id, quote, author, context from testimonials order by sort_order, id');
}

export function listResources(db: Queryable): Promise<ResourceRow[]> {
  return db.query<ResourceRow>(
    'select id, name, description, url, logo, category from resources order by sort_order, id',
  );
}

export async function insertContactMessage(
  db: Queryable,
  m: { name: string; email: string; question: string; ip: string },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'insert into contact_messages (name, email, question, ip) values ($1, $2, $3, $4) returning id::text',
    [m.name, m.email, m.question, m.ip],
  );
  return rows[0]!.id;
}
