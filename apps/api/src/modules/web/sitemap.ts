import type { BlogDto } from '@kindred/shared/content.schemas';

/** Public pages search engines should index (spec section 2 route list). */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/faqs',
  '/support',
  '/blogs',
  '/fertility-guide-steps',
  '/pricing',
  '/privacy-policy',
  '/terms-conditions',
];

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function renderSitemap(origin: string, blogs: BlogDto[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = [
    ...PUBLIC_PAGES.map((p) => `<url><loc>${xmlEscape(base + p)}</loc></url>`),
    ...blogs.map(
      (b) =>
        `<url><loc>${xmlEscape(`${base}/blogs/${b.slug}`)}</loc>` +
        (b.published_at ? `<lastmod>${b.published_at.slice(0, 10)}</lastmod>` : '') +
        '</url>',
    ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** Signed-in and account pages are of no use in search results. */
export const ROBOTS_TXT = (origin: string) => `User-agent: *
Allow: /
Disallow: /api/
Disallow: /profile
Disallow: /dashboard
Disallow: /donor-matches
Disallow: /subscription
Disallow: /payment-success
Disallow: /login
Disallow: /register
Disallow: /forget-password
Disallow: /otp-verification
Disallow: /create-password
Disallow: /new-password
Disallow: /admin
Disallow: /clinic

Sitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml
`;
