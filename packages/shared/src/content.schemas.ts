import { z } from 'zod';
import { ARTICLE_MAX_CHARS, CONTACT_QUESTION_MAX, CONTENT_MSG } from './content.constants.ts';

/**
 * Public content: articles, team, testimonials, fertility resources and the contact form (spec sections 3, 5, 7).
 * Field names follow the reference backend so that the web app reads one shape everywhere.
 */

/** An article as the public lists return it (reference backend: blogs/ results and blogs/recent/). */
export const blogDto = z.object({
  id: z.number(),
  title: z.string().nullable(),
  slug: z.string(),
  content: z.string().nullable(),
  excerpt: z.string().nullable(),
  featured_image: z.string().nullable(),
  published_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  view_count: z.number(),
});
export type BlogDto = z.infer<typeof blogDto>;

/** One article with its Markdown rendered to sanitised HTML (the reader and the server-rendered page). */
export const blogDetailDto = blogDto.extend({ content_html: z.string(), is_published: z.boolean() });
export type BlogDetailDto = z.infer<typeof blogDetailDto>;

export const blogListResponse = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(blogDto),
});
export type BlogListResponse = z.infer<typeof blogListResponse>;

export const blogListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(9),
});

/**
 * A path on this site (`/images/x.svg`, never `//host` or a backslash, which browsers read as another host), or an
 * https address; the server also checks the https host against its allowed list (CONTENT_IMAGE_HOSTS).
 */
const SITE_PATH = /^\/(?![/\\])[\w\-./]*$/;
const HTTPS_IMAGE_URL = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?\/[\w\-./%]*$/i;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Admin create/update of an article; Markdown content, sanitised when rendered. */
export const blogInput = z.object({
  title: z.string({ error: 'Title is required.' }).trim().min(3, { error: 'Title is required.' }).max(200),
  slug: z
    .string()
    .trim()
    .regex(slugPattern, { error: 'Use lower-case letters, digits and hyphens.' })
    .max(120)
    .optional(),
  content: z
    .string({ error: 'Content is required.' })
    .trim()
    .min(1, { error: 'Content is required.' })
    .max(ARTICLE_MAX_CHARS, { error: CONTENT_MSG.articleTooLong }),
  excerpt: z.string().trim().max(500).nullable().optional(),
  featured_image: z
    .string()
    .trim()
    .max(500, { error: CONTENT_MSG.featuredImageInvalid })
    .refine((v) => SITE_PATH.test(v) || HTTPS_IMAGE_URL.test(v), { error: CONTENT_MSG.featuredImageInvalid })
    .nullable()
    .optional(),
  created_by_name: z.string().trim().max(120).nullable().optional(),
  published: z.boolean().optional(),
});
export type BlogInput = z.infer<typeof blogInput>;

/** What an image upload returns: `url` (`/media/<id>/<width>x<height>`) goes into `featured_image` or `image`. */
export const mediaUploadResponse = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;

/** Admin preview of an article's Markdown, rendered and sanitised exactly as the public page will show it. */
export const blogPreviewInput = z.object({
  content: z.string().max(ARTICLE_MAX_CHARS, { error: CONTENT_MSG.articleTooLong }),
});
export const blogPreviewResponse = z.object({ content_html: z.string() });

export const teamMemberDto = z.object({
  id: z.number(),
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  small_description: z.string(),
  image: z.string().nullable(),
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const teamMemberInput = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(2, { error: 'Name is required.' }).max(120),
  designation: z
    .string({ error: 'Designation is required.' })
    .trim()
    .min(2, { error: 'Designation is required.' })
    .max(120),
  email: z.email({ error: 'Enter a valid email address' }).max(254),
  small_description: z.string().trim().max(600).default(''),
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/[\w\-./]*$/)
    .nullable()
    .optional(),
  sort_order: z.number().int().min(0).max(1000).optional(),
});
export type TeamMemberInput = z.infer<typeof teamMemberInput>;

export const testimonialDto = z.object({ id: z.number(), quote: z.string(), author: z.string(), context: z.string() });
export type TestimonialDto = z.infer<typeof testimonialDto>;

export const resourceDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  logo: z.string().nullable(),
  category: z.enum(['clinical', 'community', 'international']),
});
export type ResourceDto = z.infer<typeof resourceDto>;

export {
  ARTICLE_MAX_CHARS,
  CONTACT_MIN_FILL_MS,
  CONTACT_QUESTION_MAX,
  CONTACT_TOKEN_TTL_MS,
  CONTENT_MSG,
} from './content.constants.ts';

/**
 * The contact payload (spec section 3) plus two bot guards: `website`, a field hidden from people that must stay
 * empty, and `form_token`, issued when the form loads. Field checks follow spec section 5: all three required,
 * no format check on the e-mail, one message for every missing field.
 */
export const contactInput = z.object({
  name: z.string().max(200).default(''),
  email: z.string().max(254).default(''),
  question: z.string().max(CONTACT_QUESTION_MAX, { error: CONTENT_MSG.contactQuestionTooLong }).default(''),
  website: z.string().max(500).optional(),
  form_token: z.string().max(500).optional(),
});
export type ContactInput = z.infer<typeof contactInput>;
export const contactResponse = z.object({ message: z.string() });
export const contactTokenResponse = z.object({ token: z.string() });

const filledIn = (field: z.ZodString) => field.refine((v) => v.trim() !== '', { error: CONTENT_MSG.contactAllFields });
/**
 * The contact form as a visitor fills it in (the web form validates with it): the same limits as `contactInput`,
 * and every field required with the spec's one message, 'Please fill in all fields' (a blank counts as empty).
 */
export const contactForm = z.object({
  name: filledIn(z.string().max(200)),
  email: filledIn(z.string().max(254)),
  question: filledIn(z.string().max(CONTACT_QUESTION_MAX, { error: CONTENT_MSG.contactQuestionTooLong })),
  website: z.string().max(500),
});
export type ContactFormValues = z.infer<typeof contactForm>;

/** :id of an article or team member: anything but a positive integer reads as not found. */
export const contentIdParams = z.object({ id: z.coerce.number({ error: 'Not found.' }).int().positive() });
/** :slug of an article. */
export const blogSlugParams = z.object({ slug: z.string().max(200) });

/** GET blogs/recent/ (the three latest) and, with drafts, GET admin/blogs/. */
export const recentBlogsResponse = z.array(blogDto);
export const adminBlogListResponse = z.array(blogDetailDto);
export const teamListResponse = z.array(teamMemberDto);
export const testimonialListResponse = z.array(testimonialDto);
export const resourceListResponse = z.array(resourceDto);
