import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { blogInput } from '@kindred/shared/content.schemas';
import type { BlogDetailDto, BlogInput } from '@kindred/shared/content.schemas';

/** What the article form holds: every text as typed, the cover image as a site path or none. */
export type BlogFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  created_by_name: string;
  content: string;
  featured_image: string | null;
};
export type BlogField = keyof BlogFormValues;
export const BLOG_FIELDS: readonly BlogField[] = [
  'title',
  'slug',
  'excerpt',
  'created_by_name',
  'content',
  'featured_image',
];

export const emptyBlogForm = (): BlogFormValues => ({
  title: '',
  slug: '',
  excerpt: '',
  created_by_name: '',
  content: '',
  featured_image: null,
});

export function blogFormFrom(article: BlogDetailDto): BlogFormValues {
  return {
    title: article.title ?? '',
    slug: article.slug,
    excerpt: article.excerpt ?? '',
    created_by_name: article.created_by_name ?? '',
    content: article.content ?? '',
    featured_image: article.featured_image,
  };
}

/**
 * The request body. For a new article an empty slug is left out so that the server derives one from the title;
 * editing, an emptied slug keeps `currentSlug`, so the article's address (and every link to it) stays. Empty
 * optional texts are sent as null (cleared). `published` is never sent: publishing has its own buttons, and an
 * update without it keeps the article's state.
 */
export function toBlogInput(v: BlogFormValues, currentSlug?: string): BlogInput {
  const slug = v.slug.trim() || currentSlug;
  return {
    title: v.title.trim(),
    ...(slug ? { slug } : {}),
    content: v.content,
    excerpt: v.excerpt.trim() || null,
    created_by_name: v.created_by_name.trim() || null,
    featured_image: v.featured_image,
  };
}

/** The server's schema, on what would be sent. */
const blogFormSchema = z.preprocess((values) => toBlogInput(values as BlogFormValues), blogInput);

/** The form's `validate`: the same checks as the server, with its messages, by field. */
export const validateBlogForm: (v: BlogFormValues) => FormErrors = schemaResolver(blogFormSchema, { sync: true });
