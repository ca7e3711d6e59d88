import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The wizard's live count, settled. The page sends its preferences over the realtime socket 400 ms after the last
 * change and shows the server's answer when it comes, so right after a click the banner can still show the answer
 * to an earlier set. `settled()` waits until every preference update the page sent has been answered and none has
 * gone out for a while (longer than the page's debounce), then returns the number the banner shows for the last
 * answer. Start watching before the page opens the socket (before the wizard loads signed in).
 */
// The wizard's live-count socket; the header bell's (`for=notifications`, issue 28) is another on the same path.
const REALTIME_URL = /\/ws\/realtime-matching\/(?![^#]*for=notifications)/;
/** Longer than the page's 400 ms send debounce, with room for timers that run late on a loaded machine. */
const QUIET_MS = 1_500;

export function watchLiveCount(page: Page) {
  let sent = 0;
  let answered = 0;
  let lastFrameAt = 0;
  let lastTotal: number | null = null;
  page.on('websocket', (ws) => {
    if (!REALTIME_URL.test(ws.url())) return;
    let unanswered = 0;
    ws.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"update_preferences"')) return;
      sent++;
      unanswered++;
      lastFrameAt = Date.now();
    });
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const msg = JSON.parse(payload) as { type?: string; data?: { total_matches?: number } };
      if (msg.type !== 'matching_results' || typeof msg.data?.total_matches !== 'number') return;
      answered++;
      unanswered--;
      lastFrameAt = Date.now();
      lastTotal = msg.data.total_matches;
    });
    // A socket that closes with questions open will never answer them; the page asks again on its next socket.
    ws.on('close', () => {
      sent -= unanswered;
      unanswered = 0;
    });
  });

  return {
    /** The live count once every sent preference set has its answer on screen (see above). */
    async settled(): Promise<number> {
      const since = Date.now();
      await expect
        .poll(() => answered > 0 && answered === sent && Date.now() - Math.max(lastFrameAt, since) >= QUIET_MS, {
          timeout: 20_000,
          message: 'every preference update is answered and the live count has settled',
        })
        .toBe(true);
      const total = lastTotal!;
      await expect(page.getByTestId('live-count-value')).toHaveText(`${total} ${total === 1 ? 'donor' : 'donors'}`);
      return total;
    },
  };
}
