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

/**
 * The start of a render thread (loading marked and the sanitiser): about 1 s at load 10 on two cores, more on a
 * busier machine. It is not the render's time, so it has a limit of its own.
 */
export const THREAD_START_TIMEOUT_MS = 30_000;

/**
 * Renders in up to two worker threads (piscina), started on the first render and stopped when idle. With no thread
 * running, one is started first with a blank render, under its own limit: a cold start on a busy server once took
 * longer than the render limit and refused a six-line article as "takes too long to render" (an e2e run, issue 26).
 * `workerUrl` is the worker module (tests give one that starts slowly).
 */
export function createMarkdownRenderer(opts: { timeoutMs?: number; workerUrl?: URL } = {}): MarkdownRenderer {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  let pool: Piscina<string, string> | undefined;
  let starting: Promise<void> | undefined;
  const started = (p: Piscina<string, string>) => {
    if (!starting && p.threads.length > 0) return undefined;
    starting ??= p
      .run('', { signal: AbortSignal.timeout(THREAD_START_TIMEOUT_MS) })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => (starting = undefined));
    return starting;
  };
  return {
    async render(markdown) {
      pool ??= new Piscina({
        filename: (opts.workerUrl ?? new URL('./content.markdown.worker.ts', import.meta.url)).href,
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 60_000,
      });
      await started(pool);
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
