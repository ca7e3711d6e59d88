import { queryOptions } from '@tanstack/react-query';
import type {
  BlogDetailDto,
  BlogDto,
  BlogListResponse,
  ResourceDto,
  TeamMemberDto,
  TestimonialDto,
} from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** Query keys shared with the server renderer (entry-server.tsx), which fills the cache under the same keys. */
export const contentKeys = {
  recent: ['blogs', 'recent'] as const,
  page: (page: number) => ['blogs', 'page', page] as const,
  slug: (slug: string) => ['blogs', 'slug', slug] as const,
  team: ['team'] as const,
  testimonials: ['testimonials'] as const,
  resources: ['resources'] as const,
};
export const BLOG_PAGE_SIZE = 9;

/** Spec section 8: a failed list fetch is logged and read as an empty list (the spinner stops, no message). */
async function listOrEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    console.warn(`Could not load ${what}`, err);
    return [];
  }
}

/** Spec section 7: data.results, or a single item wrapped into an array. */
function resultsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const b = body as { results?: unknown; data?: unknown } | null;
  if (Array.isArray(b?.results)) return b.results as T[];
  if (Array.isArray(b?.data)) return b.data as T[];
  return b && typeof b === 'object' && 'id' in b ? [b as T] : [];
}

export const recentBlogsQuery = () =>
  queryOptions({
    queryKey: contentKeys.recent,
    queryFn: ({ signal }) =>
      listOrEmpty('recent blogs', async () => resultsOf<BlogDto>(await apiRequest('blogs/recent/', { signal }))),
  });

export const blogPageQuery = (page: number) =>
  queryOptions({
    queryKey: contentKeys.page(page),
    queryFn: async ({ signal }): Promise<BlogListResponse> => {
      try {
        return await apiRequest<BlogListResponse>('blogs/', {
          signal,
          query: { page: String(page), page_size: String(BLOG_PAGE_SIZE) },
        });
      } catch (err) {
        console.warn('Could not load blogs', err);
        return { count: 0, next: null, previous: null, results: [] };
      }
    },
  });

/** One article by slug; null when there is no such published article. */
export const blogBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.slug(slug),
    queryFn: async ({ signal }): Promise<BlogDetailDto | null> => {
      try {
        return await apiRequest<BlogDetailDto>(`blogs/slug/${encodeURIComponent(slug)}/`, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export const teamQuery = () =>
  queryOptions({
    queryKey: contentKeys.team,
    queryFn: ({ signal }) =>
      listOrEmpty('team', async () => resultsOf<TeamMemberDto>(await apiRequest('team/', { signal }))),
  });
export const testimonialsQuery = () =>
  queryOptions({
    queryKey: contentKeys.testimonials,
    queryFn: ({ signal }) =>
      listOrEmpty('testimonials', async () => resultsOf<TestimonialDto>(await apiRequest('testimonials/', { signal }))),
  });
export const resourcesQuery = () =>
  queryOptions({
    queryKey: contentKeys.resources,
    queryFn: ({ signal }) =>
      listOrEmpty('resources', async () => resultsOf<ResourceDto>(await apiRequest('resources/', { signal }))),
  });
