import os from 'node:os';

/**
 * Where to send a browser back to (checkout return links). With PUBLIC_URL set, always there. Without it (a local
 * run), the origin the person actually opened: someone on http://127.0.0.1:3000 sent back to http://localhost:3000
 * lost the session (it is kept per origin) and saw "Payment verification failed". The request's Host is used only
 * when it names this server (a loopback name or one of this machine's addresses, on the port the default address
 * uses); any other Host gets the default, so a forged Host header cannot turn the links into an open redirect.
 */
export type OriginResolver = (request: { protocol: string; host: string }) => string;

function ownHostnames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address);
  return names;
}

export function createOriginResolver(opts: { publicUrl: string; configured: boolean }): OriginResolver {
  const fallback = new URL(opts.publicUrl);
  if (opts.configured) return () => fallback.origin;
  const own = ownHostnames();
  return ({ protocol, host }) => {
    let url: URL;
    try {
      url = new URL(`${protocol}://${host}`);
    } catch {
      return fallback.origin;
    }
    const samePort = (url.port || (url.protocol === 'https:' ? '443' : '80')) === (fallback.port || '80');
    const ours = own.has(url.hostname.toLowerCase()) && samePort && url.username === '' && url.pathname === '/';
    return ours && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : fallback.origin;
  };
}
