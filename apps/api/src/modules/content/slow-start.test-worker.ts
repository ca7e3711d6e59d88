/** content.render.test.ts: the Markdown worker, as a busy machine starts it (the module takes 1.5 s to load). */
await new Promise((resolve) => setTimeout(resolve, 1500));

export { default } from './content.markdown.worker.ts';
