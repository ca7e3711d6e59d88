import WebSocket from 'ws';

export type ServerMessage = {
  type: string;
  message?: string;
  data?: { total_matches: number; donor_type: string | null };
};

/** A real `ws` client that records every message and how the connection ended. */
export function connect(url: string, options: { autoPong?: boolean } = {}) {
  const ws = new WebSocket(url, options);
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as ServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    ws,
    messages,
    closed,
    opened,
    /** The `n`th message (1-based), waiting for it to arrive. */
    async nth(n: number, timeoutMs = 5000): Promise<ServerMessage> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${messages.length} messages: ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return messages[n - 1]!;
    },
    send: (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
  };
}
