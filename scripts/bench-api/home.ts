/**
 * The server-rendered home page `/` for an anonymous visitor (demo content), 10 connections. Target: ≥ 1,000
 * req/s. Anchor: bare Fastify answering the same HTML bytes from memory (no rendering at all), in a child process.
 * Then an article page (the newest demo article, no cookie: every request a new reader, as a crawler or a burst of
 * shares), target ≥ 50 % of `/` measured in the same run (issue 26).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, fmt, freePort, header, line, median, round, scratchDatabase, startServer } from '../bench-api-lib.ts';

/** A bare Fastify serving `html` as text/html from memory. */
async function startAnchor(html: string) {
  const port = await freePort();
  const file = path.join(tmpdir(), `k-reads-home-${port}.html`);
  writeFileSync(file, html);
  const code = `import Fastify from 'fastify'; import { readFileSync } from 'node:fs';
    const html = readFileSync(${JSON.stringify(file)}); const app = Fastify();
    app.get('/', (_q, reply) => reply.type('text/html; charset=utf-8').send(html));
    await app.listen({ port: ${port}, host: '127.0.0.1' }); console.log('anchor ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('anchor ready') && resolve());
    child.once('exit', (c) => reject(new Error(`anchor exited with ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
  };
}

header('GET / server-rendered, anonymous (10 connections)');
for (const engine of ENGINES) {
  const db = await scratchDatabase(engine);
  const server = await startServer({ ...db.env, DEMO_DATA: 'true' });
  try {
    const page = await fetch(`${server.base}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<main')) throw new Error(`home: ${page.status}`);
    const anchor = await startAnchor(html);
    try {
      await round(`${server.base}/`);
      const app = await median(() => round(`${server.base}/`));
      await round(anchor.url);
      const bare = await median(() => round(anchor.url));
      line(
        `home ${engine}`,
        fmt(app),
        '≥ 1000 req/s',
        `same ${Math.round(html.length / 1024)} KB from memory ${fmt(bare)}`,
      );
      const blogs = (await (await fetch(`${server.base}/api/v1/blogs/?page=1&page_size=1`)).json()) as {
        results: { slug: string }[];
      };
      const articleUrl = `${server.base}/blogs/${blogs.results[0]!.slug}`;
      await round(articleUrl);
      const article = await median(() => round(articleUrl));
      line(
        `article ${engine}`,
        fmt(article),
        '≥ 50 % of /',
        `/ ${Math.round(app.rps)} req/s: ${Math.round((100 * article.rps) / app.rps)} %`,
      );
    } finally {
      await anchor.stop();
    }
  } finally {
    await server.stop();
    await db.drop();
  }
}
