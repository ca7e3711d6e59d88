/**
 * Starts the web app on a server-rendered page once the page has painted. The page is complete without
 * JavaScript, so on a slow connection its HTML, styles and first image should not share the bandwidth with the
 * app's scripts. The server replaces Vite's module script and preload links with this one tag:
 *
 *   <script type="module" src="/assets/boot-….js" id="kindred-boot"
 *     data-modules="/assets/index-….js /assets/…"></script>
 *
 * where the first module is the app's entry and the rest are preloaded beside it.
 *
 * A tap on a button before the app has taken over (the menu, say) is held and replayed once it has
 * (`data-hydrated` on <html>), so it is not lost; if the app fails to start, taps are let through again. Taps made
 * before this module itself has arrived are not held (it is one small request after the HTML).
 * Decision: docs/decisions/006-public-pages-rendering.md.
 */
const html = document.documentElement;
// The header's Sign In / Dashboard slot (main-header.tsx) shows the one for this session before the app starts.
// Only whether a token is stored is read; the token itself stays where it is.
try {
  html.dataset.session = localStorage.getItem('userToken') ? 'in' : 'out';
} catch {
  html.dataset.session = 'out';
}
const modules = (document.getElementById('kindred-boot')?.dataset.modules ?? '').split(' ').filter(Boolean);

/** A tap held longer than this is out of date by the time the app could act on it, and is dropped. */
const HOLD_MS = 4000;
let held: { button: HTMLElement; at: number } | null = null;
let holding = true;

function hold(event: MouseEvent) {
  if (!holding || html.hasAttribute('data-hydrated')) return;
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  held = { button, at: performance.now() };
}

/** Stops holding taps; with `replay`, the last recent one is given to the app that has now started. */
function release(replay: boolean) {
  if (!holding) return;
  holding = false;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  const last = held;
  held = null;
  if (replay && last && last.button.isConnected && performance.now() - last.at < HOLD_MS) last.button.click();
}

document.addEventListener('click', hold, true);
const observer = new MutationObserver(() => {
  if (html.hasAttribute('data-hydrated')) release(true);
});
observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
// If the app cannot start (its script fails to load, or throws before it has taken over), the page must not keep
// swallowing taps: the server-rendered links and forms still work without it.
window.addEventListener('error', () => release(false), { once: true });

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
  script.addEventListener('error', () => release(false));
  tags.append(script);
  document.head.append(tags);
}

// A frame callback runs just before the next paint; a task queued from it runs after that paint.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
