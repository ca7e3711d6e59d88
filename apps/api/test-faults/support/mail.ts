import { SMTPServer } from 'smtp-server';
import { listenInRange } from './ports.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { call } from './http.ts';

export type Received = { to: string[]; subject: string; messageId: string; raw: string };

/**
 * A real SMTP server in the test process behind a TCP proxy: `proxy.cut()` is the relay going down (connections
 * refused), `proxy.stall()` a relay that accepts and then never answers. `smtpUrl` goes to the server process.
 */
export async function smtpBehindProxy() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '',
          raw,
        });
        callback();
      });
    },
  });
  const port = await listenInRange(server.server);
  const proxy = await startTcpProxy({ host: '127.0.0.1', port });
  return {
    received,
    proxy,
    smtpUrl: `smtp://127.0.0.1:${proxy.port}`,
    async dispose() {
      await proxy.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type ProxiedSmtp = Awaited<ReturnType<typeof smtpBehindProxy>>;

/** Messages received per recipient and subject kind: the count a user would see in their inbox. */
export function inboxCounts(received: Received[], subjectKind: (subject: string) => string) {
  const counts = new Map<string, number>();
  for (const m of received)
    for (const to of m.to) {
      const k = `${to} ${subjectKind(m.subject)}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  return counts;
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Verifies `email` as its owner does, by the link in the welcome mail it received: mail other than the welcome
 * (receipts) is held for an unverified address (issue 13).
 */
export async function verifyFromWelcome(baseUrl: string, received: Received[], email: string, ip?: string) {
  const welcome = () => received.find((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith('Welcome'));
  await until(() => welcome() !== undefined, 30_000, `the welcome to ${email}`);
  const text = welcome()!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /\/verify-email\?token=([\w.~%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no verification link in the welcome to ${email}`);
  const res = await call(baseUrl, 'POST', '/api/v1/auth/verify-email/', {
    body: { token: decodeURIComponent(token) },
    ...(ip ? { ip } : {}),
  });
  if (res.status !== 200) throw new Error(`verify-email: ${res.status} ${res.text}`);
}
