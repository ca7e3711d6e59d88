import { describe, expect, it } from 'vitest';
import { isKnownWebPath, WEB_PATHS } from './routes.ts';

describe('web paths the server answers with the app (200) rather than its not-found page (404)', () => {
  it('knows every page path, with or without a trailing slash, and the pages under known prefixes', () => {
    for (const p of Object.values(WEB_PATHS)) expect(isKnownWebPath(p), p).toBe(true);
    for (const p of [
      '/about/',
      '/blogs/choosing-a-donor',
      '/donors/KD-1234',
      '/admin/articles/12',
      '/admin/articles/new',
      '/admin/users/4f8a2c1e-0000-4000-8000-000000000001',
    ])
      expect(isKnownWebPath(p), p).toBe(true);
  });
  it('does not know other paths', () => {
    for (const p of ['/nope', '/admin', '/admin/people', '/blogsx', '/api-docs'])
      expect(isKnownWebPath(p), p).toBe(false);
  });
});
