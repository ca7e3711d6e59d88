import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../src/modules/web/web.routes.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Kindred</title><meta name="description" content="x"></head>' +
  '<body><div id="root"></div></body></html>';

describe('server-rendered page assembly', () => {
  it('puts text with $ signs into the page exactly as written (prices, "$$$", "$&")', () => {
    const title = "Costs $$ and $& and $` and $' here";
    const html = fillTemplate(TEMPLATE, {
      head: `<title>${title}</title>`,
      html: `<h1>${title}</h1><p>Fees run $$$ or $\` more.</p>`,
      data: JSON.stringify({ t: title }),
    });
    expect(html).toContain(`<title>${title}</title></head>`);
    expect(html).toContain(`<div id="root"><h1>${title}</h1><p>Fees run $$$ or $\` more.</p></div>`);
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="kindred-ssr-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual({ t: title });
  });

  it('keeps the page data inert: no closing tag can end its script element early', () => {
    const html = fillTemplate(TEMPLATE, {
      head: '',
      html: '',
      data: JSON.stringify({ x: '</script><script>alert(1)</script>' }),
    });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
