import { Piscina } from 'piscina';
import { CONTENT_MSG } from '@kindred/shared/content.schemas';
import { AppError } from '../../lib/errors.ts';

/** A render may take this long; real articles of 100,000 characters take under 100 ms (ADR 018). */
export const RENDER_TIMEOUT_MS = 2000;

export type MarkdownRenderer = {
  /**
   * Markdown to sanitised HTML in a worker thread. Throws a 400 AppError (field `content`) when the render takes
   * longer than the limit or fails (marked overflows its stack on deeply nested quotes or lists); the worker is
   * then terminated, so the event loop is never held by a render.
   */
  render(markdown: string): Promise<string>;
  close(): Promise<void>;
};

export const renderRefused = () =>
  new AppError('validation_error', CONTENT_MSG.articleRenderTooSlow, 400, {
    fields: { content: [CONTENT_MSG.articleRenderTooSlow] },
  });

/** Renders in up to two worker threads (piscina), started on the first render and stopped when idle. */
export function createMarkdownRenderer(opts: { timeoutMs?: number } = {}): MarkdownRenderer {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  let pool: Piscina<string, string> | undefined;
  return {
    async render(markdown) {
      pool ??= new Piscina({
        filename: new URL('./content.markdown.worker.ts', import.meta.url).href,
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 60_000,
      });
      try {
        // The time limit counts from here, so a render waiting behind a slow one is bounded as well.
        return await pool.run(markdown, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw renderRefused();
      }
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
