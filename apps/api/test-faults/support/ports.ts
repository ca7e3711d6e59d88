import net from 'node:net';

/**
 * Everything the fault suite listens on (proxies, server processes) takes a port in FAULTS_PORTS ("4200-4299" by
 * default), so it can share a machine with other suites and services that use other ranges. Fault files run side
 * by side, one per worker (`FAULTS_LANES`, set by vitest.config.ts): each worker listens only in its own slice of
 * the range (by `VITEST_POOL_ID`), so a port that one file keeps while its proxy is cut is never drawn by another.
 */
const [FIRST, LAST] = (process.env.FAULTS_PORTS ?? '4200-4299').split('-').map(Number) as [number, number];
const LANES = Math.max(1, Math.floor(Number(process.env.FAULTS_LANES ?? 1)) || 1);
const LANE = (Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % LANES;
const SLICE = Math.floor((LAST - FIRST + 1) / LANES);
const LOW = FIRST + LANE * SLICE;
const HIGH = LOW + SLICE - 1;

const randomPort = () => LOW + Math.floor(Math.random() * (HIGH - LOW + 1));

/**
 * Ports a proxy keeps while it does not listen: a cut proxy closes its port and listens on it again when restored,
 * so nothing else of this process may take it meanwhile (a server started during the cut once drew the Redis
 * proxy's port, and the restore failed with EADDRINUSE).
 */
const kept = new Set<number>();

/** Listens on 127.0.0.1 at a free port of the range; returns the port. `keep`: the port stays this server's. */
export async function listenInRange(server: net.Server, opts: { keep?: boolean } = {}): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomPort();
    if (kept.has(port)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) {
      if (opts.keep) kept.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${LOW}-${HIGH}`);
}

/** Gives back a port `listenInRange` kept (the proxy is closed for good). */
export const releasePort = (port: number) => kept.delete(port);

/** A port of the range that was free a moment ago (for a child process to listen on). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  const port = await listenInRange(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
