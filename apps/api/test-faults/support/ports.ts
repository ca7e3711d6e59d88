import net from 'node:net';

/**
 * Everything the fault suite listens on (proxies, server processes) takes a port in FAULTS_PORTS ("4200-4299" by
 * default), so it can share a machine with other suites and services that use other ranges.
 */
const [LOW, HIGH] = (process.env.FAULTS_PORTS ?? '4200-4299').split('-').map(Number) as [number, number];

const randomPort = () => LOW + Math.floor(Math.random() * (HIGH - LOW + 1));

/** Listens on 127.0.0.1 at a free port of the range; returns the port. */
export async function listenInRange(server: net.Server): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomPort();
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${LOW}-${HIGH}`);
}

/** A port of the range that was free a moment ago (for a child process to listen on). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  const port = await listenInRange(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
