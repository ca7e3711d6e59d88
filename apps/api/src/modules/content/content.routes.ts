import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBlogListResponse,
  blogDetailDto,
  blogSlugParams,
  teamMemberDto,
  blogInput,
  blogListQuery,
  blogPreviewInput,
  blogPreviewResponse,
  blogListResponse,
  contactInput,
  contactResponse,
  contactTokenResponse,
  contentIdParams,
  recentBlogsResponse,
  resourceListResponse,
  teamListResponse,
  teamMemberInput,
  testimonialListResponse,
} from '@kindred/shared/content.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import type { ContentService } from './content.service.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import { readerOf } from './view-session.http.ts';

/** Public content (articles, team, testimonials, resources, contact) and its admin management. */
export async function contentRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; content: ContentService; secureCookies: boolean },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { content } = opts;
  const tags = ['content'];

  app.get(
    '/api/v1/blogs/',
    {
      schema: {
        tags,
        summary: 'Published articles, newest first (paginated)',
        querystring: blogListQuery,
        response: { 200: blogListResponse },
      },
    },
    async (request) => content.listBlogs(request.query.page, request.query.page_size),
  );
  app.get(
    '/api/v1/blogs/recent/',
    { schema: { tags, summary: 'The three latest articles', response: { 200: recentBlogsResponse } } },
    async () => content.recentBlogs(3),
  );
  app.get(
    '/api/v1/blogs/slug/:slug/',
    {
      schema: {
        tags,
        summary: 'One article by slug; counts a view at most once a day per reader (signed cookie)',
        params: blogSlugParams,
        response: { 200: blogDetailDto },
      },
    },
    async (request, reply) =>
      content.readBlog({ slug: request.params.slug }, readerOf(request, reply, content, opts.secureCookies)),
  );
  app.get(
    '/api/v1/blogs/:id/',
    {
      schema: {
        tags,
        summary: 'One article by id; counts a view at most once a day per reader (signed cookie)',
        params: contentIdParams,
        response: { 200: blogDetailDto },
      },
    },
    async (request, reply) =>
      content.readBlog({ id: request.params.id }, readerOf(request, reply, content, opts.secureCookies)),
  );

  app.get(
    '/api/v1/team/',
    { schema: { tags, summary: 'Team members', response: { 200: teamListResponse } } },
    async () => content.team(),
  );
  app.get(
    '/api/v1/testimonials/',
    { schema: { tags, summary: 'Testimonials (illustrative)', response: { 200: testimonialListResponse } } },
    async () => content.testimonials(),
  );
  app.get(
    '/api/v1/resources/',
    {
      schema: {
        tags,
        summary: 'Fertility resources: clinical guidance and support groups',
        response: { 200: resourceListResponse },
      },
    },
    async () => content.resources(),
  );

  app.get(
    '/api/v1/contact-us/token/',
    {
      schema: {
        tags,
        summary: 'A form token for the contact form (bot guard)',
        response: { 200: contactTokenResponse },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { token: content.contactToken() };
    },
  );
  app.post(
    '/api/v1/contact-us/',
    { schema: { tags, summary: 'Send a message to support', body: contactInput, response: { 201: contactResponse } } },
    async (request, reply) => reply.code(201).send(await content.submitContact(request.body, request.ip)),
  );

  const admin = { onRequest: opts.guard.requireRole('admin') };
  // An article may hold up to ARTICLE_MAX_CHARS (100,000) characters of Markdown, more than the server's default
  // body limit.
  const articleBody = { bodyLimit: 512 * 1024 };
  const security = [{ bearer: [] }];
  const adminTags = ['admin'];
  app.get(
    '/api/v1/admin/blogs/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Every article, drafts included',
        response: { 200: adminBlogListResponse },
      },
    },
    async () => content.allBlogs(),
  );
  app.post(
    '/api/v1/admin/blogs/',
    {
      ...admin,
      ...articleBody,
      schema: {
        tags: adminTags,
        security,
        summary: 'Create an article (Markdown)',
        body: blogInput,
        response: { 201: blogDetailDto },
      },
    },
    async (request, reply) => reply.code(201).send(await content.createBlog(auditActor(request), request.body)),
  );
  app.post(
    '/api/v1/admin/blogs/preview/',
    {
      ...admin,
      ...articleBody,
      schema: {
        tags: adminTags,
        security,
        summary: 'Render Markdown as the article page will show it',
        body: blogPreviewInput,
        response: { 200: blogPreviewResponse },
      },
    },
    async (request) => content.previewMarkdown(request.body.content),
  );
  app.put(
    '/api/v1/admin/blogs/:id/',
    {
      ...admin,
      ...articleBody,
      schema: {
        tags: adminTags,
        security,
        summary: 'Edit an article',
        params: contentIdParams,
        body: blogInput,
        response: { 200: blogDetailDto },
      },
    },
    async (request) => content.updateBlog(auditActor(request), request.params.id, request.body),
  );
  app.post(
    '/api/v1/admin/blogs/:id/publish/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Publish an article',
        params: contentIdParams,
        response: { 200: blogDetailDto },
      },
    },
    async (request) => content.setPublished(auditActor(request), request.params.id, true),
  );
  app.post(
    '/api/v1/admin/blogs/:id/unpublish/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Withdraw an article',
        params: contentIdParams,
        response: { 200: blogDetailDto },
      },
    },
    async (request) => content.setPublished(auditActor(request), request.params.id, false),
  );

  app.post(
    '/api/v1/admin/team/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Add a team member',
        body: teamMemberInput,
        response: { 201: teamMemberDto },
      },
    },
    async (request, reply) => reply.code(201).send(await content.createTeamMember(auditActor(request), request.body)),
  );
  app.put(
    '/api/v1/admin/team/:id/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Edit a team member',
        params: contentIdParams,
        body: teamMemberInput,
        response: { 200: teamMemberDto },
      },
    },
    async (request) => content.updateTeamMember(auditActor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/v1/admin/team/:id/',
    { ...admin, schema: { tags: adminTags, security, summary: 'Remove a team member', params: contentIdParams } },
    async (request, reply) => {
      await content.deleteTeamMember(auditActor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
