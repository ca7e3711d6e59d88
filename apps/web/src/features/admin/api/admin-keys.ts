/**
 * Query keys of the admin area. After a change the public caches are refreshed too, by their own key prefixes
 * ('blogs', 'team'; see features/content/api/content.api.ts), so the site shows the change without a reload.
 */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  blogs: ['admin', 'blogs'] as const,
  team: ['admin', 'team'] as const,
};
export const publicBlogsKey = ['blogs'] as const;
export const publicTeamKey = ['team'] as const;
