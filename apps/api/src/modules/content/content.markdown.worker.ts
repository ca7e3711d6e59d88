import { renderMarkdown } from './content.markdown.ts';

/** Runs in a worker thread (piscina, content.render.ts): Markdown to sanitised HTML, off the event loop. */
export default function render(markdown: string): string {
  return renderMarkdown(markdown);
}
