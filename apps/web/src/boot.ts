/**
 * Starts the web app on a server-rendered page once the page has painted. The page is complete without
 * JavaScript, so on a slow connection its HTML, styles and first image should not share the bandwidth with the
 * app's scripts. The server replaces Vite's module script and preload links with this one tag:
 *
 *   <script type="module" src="/assets/boot-….js" id="kindred-boot" data-modules="/assets/index-….js /assets/…"></script>
 *
 * where the first module is the app's entry and the rest are preloaded beside it.
 *
 * A tap on a button before the app has taken over (the menu, say) is held and replayed once it has
 * (`data-hydrated` on <html>), so it is not lost. Decision: docs/decisions/006-public-pages-rendering.md.
 */
const html = document.documentElement;
const modules = (document.getElementById('kindred-boot')?.dataset.modules ?? '').split(' ').filter(Boolean);

let held: HTMLElement | null = null;
function hold(event: MouseEvent) {
  if (html.hasAttribute('data-hydrated')) return;
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  held = button;
}
document.addEventListener('click', hold, true);
new MutationObserver((_records, observer) => {
  if (!html.hasAttribute('data-hydrated')) return;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });

function start() {
  const [entry, ...preloads] = modules;
  if (!entry) return;
  // One insertion for every tag: the document is changed once, not once per module.
  const tags = document.createDocumentFragment();
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    tags.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  tags.append(script);
  document.head.append(tags);
}

// A frame callback runs just before the next paint; a task queued from it runs after that paint.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
