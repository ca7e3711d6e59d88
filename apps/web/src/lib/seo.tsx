import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Kindred';
export const DEFAULT_DESCRIPTION =
  'Kindred: AI-assisted matching with egg donors, sperm donors and surrogates for intended parents, with clear ' +
  'explanations.';
export const DEFAULT_OG_IMAGE = '/images/og-default.png';

export type PageMeta = {
  title: string;
  description: string;
  /** The page's canonical path. */
  path: string;
  image?: string;
  type?: 'website' | 'article';
  /** HTTP status for the server-rendered response (404 for a missing article). */
  status?: number;
};

/** Filled during server rendering; the server turns it into head tags and the response status. */
export type SeoSink = { meta?: PageMeta };
export const SeoContext = createContext<SeoSink | null>(null);

/**
 * A page's title, description and Open Graph data. On the server it is collected into the document head; in the
 * browser it updates the title and description after client-side navigation.
 */
export function Seo(meta: PageMeta) {
  const sink = useContext(SeoContext);
  if (sink) sink.meta = meta;
  useEffect(() => {
    document.title = fullTitle(meta.title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  return null;
}

export const fullTitle = (title: string) =>
  title === SITE_NAME ? `${SITE_NAME}: AI-assisted fertility matching` : `${title} | ${SITE_NAME}`;

let hydrating = typeof document !== 'undefined' && document.getElementById('kindred-ssr-data') !== null;
/** Called once the server-rendered page has been hydrated. */
export const markHydrated = () => {
  hydrating = false;
  // A hook for tests and tools: the page now responds to input.
  document.documentElement.setAttribute('data-hydrated', '');
};
/** True on the server and while hydrating server HTML: the first render must match the HTML that was sent. */
export const isServerOrHydrating = () => typeof window === 'undefined' || hydrating;
