import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SsrLoaders } from '@kindred/shared/ssr.contract';

/**
 * Server-rendered public pages, rendered once per content version and then served from memory (issue 12). An
 * anonymous public page depends only on the data its loaders read, so the version of a page is that data: each
 * entry keeps the loader calls its render made and their results, and a request replays those reads (cheap
 * queries) and serves the stored HTML, already compressed, when every result is unchanged. Any change (an article
 * published or edited, a view counted, a plan or team member changed, on this instance or another) renders again.
 * A page checked less than RECHECK_MS ago is served without reading again (those reads cost more than the rest
 * of the request on the embedded database), so a change shows within a second; requests arriving while a check
 * is under way share it, and the one render when the data changed. Loaders must have no per-visitor side effects
 * (an article's view is counted apart from its HTML, issue 26): a page is the same for every anonymous visitor.
 */

type LoaderName = keyof SsrLoaders;
type Call = { name: LoaderName; args: unknown[]; json: string };
type Rendered = { status: number; html: string; module?: string };
type Entry = { calls: Call[]; page: Rendered; encoded: Map<string, Buffer>; checkedAt: number; edits: number };

const MAX_ENTRIES = 200;
/** How long a page's data is taken as current after it was read. */
export const RECHECK_MS = 1000;

export type Encoding = 'br' | 'gzip' | 'identity';
export const encodingFor = (accept: string | string[] | undefined): Encoding => {
  const a = String(accept ?? '');
  return /\bbr\b/.test(a) ? 'br' : /\bgzip\b/.test(a) ? 'gzip' : 'identity';
};

/** The page's bytes in an encoding (kept as bytes: re-encoding a 100 KB string per request shows in profiles). */
function encode(html: string, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}

export function createRenderCache(now: () => number, localEdits: () => number = () => 0) {
  const entries = new Map<string, Entry>();
  const checks = new Map<string, Promise<Entry>>();

  /** The entry for `key` if every read its render made still returns the same data. */
  async function current(key: string, loaders: SsrLoaders): Promise<Entry | undefined> {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    const edits = localEdits();
    // Checked within the second and nothing edited on this instance since: served as it is.
    if (at - entry.checkedAt < RECHECK_MS && entry.edits === edits) return entry;
    const results = await Promise.all(
      entry.calls.map(async (c) =>
        JSON.stringify(await (loaders[c.name] as (...a: unknown[]) => Promise<unknown>)(...c.args)),
      ),
    );
    if (!results.every((json, i) => json === entry.calls[i]!.json)) return undefined;
    entry.checkedAt = at;
    entry.edits = edits;
    return entry;
  }

  /** Renders `key` with loaders that record what it reads, and keeps it. */
  async function renderEntry(key: string, loaders: SsrLoaders, render: (l: SsrLoaders) => Promise<Rendered>) {
    const calls: Call[] = [];
    const recording = Object.fromEntries(
      Object.entries(loaders).map(([name, fn]) => [
        name,
        async (...args: unknown[]) => {
          const result = await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
          calls.push({ name: name as LoaderName, args, json: JSON.stringify(result) });
          return result;
        },
      ]),
    ) as SsrLoaders;
    const page = await render(recording);
    const entry: Entry = { calls, page, encoded: new Map(), checkedAt: now(), edits: localEdits() };
    entries.delete(key);
    entries.set(key, entry);
    // The oldest entry goes first: query strings make the key space open-ended.
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return {
    /**
     * The page for `key` (a URL) in `encoding`: from memory while its data is unchanged, else rendered by
     * `render` with loaders that record what it reads.
     */
    async page(
      key: string,
      loaders: SsrLoaders,
      encoding: Encoding,
      render: (loaders: SsrLoaders) => Promise<Rendered>,
    ): Promise<{ status: number; body: Buffer }> {
      // Requests for one page share its check and, when its data changed, its one new render (no stampede of
      // renders when a busy page changes: an article's view count changes every second under load).
      let shared = checks.get(key);
      if (!shared) {
        shared = current(key, loaders)
          .then((entry) => entry ?? renderEntry(key, loaders, render))
          .finally(() => checks.delete(key));
        checks.set(key, shared);
      }
      const entry = await shared;
      let body = entry.encoded.get(encoding);
      if (body === undefined) entry.encoded.set(encoding, (body = encode(entry.page.html, encoding)));
      return { status: entry.page.status, body };
    },
  };
}
