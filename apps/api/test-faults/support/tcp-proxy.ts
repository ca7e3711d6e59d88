import net from 'node:net';
import { listenInRange, releasePort } from './ports.ts';

/**
 * A TCP proxy between the app and a dependency (PostgreSQL, Redis) that the test controls:
 * - `cut()`: every open connection is destroyed and the port refuses new ones (ECONNREFUSED), as when the server
 *   restarts or the network drops;
 * - `stall()`: connections stay open and new ones are accepted, but no byte is forwarded either way (a paused
 *   server, a black-holed route); what arrives is held;
 * - `restore()`: forwarding resumes; bytes held during a stall are delivered in order, as TCP would after a
 *   partition heals.
 */
export type TcpProxy = {
  readonly port: number;
  readonly state: 'open' | 'cut' | 'stalled';
  /** Connections the proxy has accepted so far. */
  readonly accepted: number;
  cut(): Promise<void>;
  stall(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: TcpProxy['state'] = 'open';
  let accepted = 0;
  const pairs = new Set<Pair>();
  const held: { to: net.Socket; chunk: Buffer }[] = [];

  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (state === 'stalled') held.push({ to, chunk });
      else if (!to.destroyed) to.write(chunk);
    });

  const server = net.createServer((client) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  // Kept while cut: the restore listens on the same port again.
  const port = await listenInRange(server, { keep: true });

  return {
    port,
    get state() {
      return state;
    },
    get accepted() {
      return accepted;
    },
    async cut() {
      if (state === 'cut') return;
      state = 'cut';
      held.length = 0;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await closed;
    },
    stall() {
      if (state === 'open') state = 'stalled';
    },
    async restore() {
      if (state === 'cut') await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      state = 'open';
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      releasePort(port);
    },
  };
}
