import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_MSG } from '@kindred/shared/content.schemas';
import { createMarkdownRenderer, type MarkdownRenderer } from './content.render.ts';

const slowStart = new URL('./slow-start.test-worker.ts', import.meta.url);

describe('the Markdown render limit (issue 26)', () => {
  let renderer: MarkdownRenderer | undefined;
  afterEach(async () => renderer?.close());

  it(
    "counts the render, not a cold thread's start: a short article renders although the thread took longer to start",
    { timeout: 20_000 },
    async () => {
      renderer = createMarkdownRenderer({ timeoutMs: 1000, workerUrl: slowStart });
      const html = await renderer.render('## Before the first visit\n\nAsk about **success rates**.');
      expect(html).toContain('<h2');
      expect(html).toContain('<strong>success rates</strong>');
    },
  );

  it('still refuses a render that takes longer than the limit once the thread is up', { timeout: 20_000 }, async () => {
    renderer = createMarkdownRenderer({ timeoutMs: 1000, workerUrl: slowStart });
    await renderer.render('# Warm');
    const started = performance.now();
    await expect(renderer.render('*a_'.repeat(33_000))).rejects.toMatchObject({
      status: 400,
      message: CONTENT_MSG.articleRenderTooSlow,
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
