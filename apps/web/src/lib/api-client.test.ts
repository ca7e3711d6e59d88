import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';

type Sent = { url: string; init: RequestInit };

function stubFetch(status = 200, body = '{"ok":true}'): Sent[] {
  const calls: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest bodies', () => {
  it('sends plain values as JSON, as before', async () => {
    const calls = stubFetch();
    await apiRequest('things/', { method: 'POST', body: { a: 1 } });
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body and no Content-Type when there is none', async () => {
    const calls = stubFetch();
    await apiRequest('things/');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a Blob as it is, with its own type', async () => {
    const calls = stubFetch(201, '{"id":"x"}');
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await expect(apiRequest('admin/images/', { method: 'POST', body: file })).resolves.toEqual({ id: 'x' });
    expect(calls[0]!.init.body).toBe(file);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('labels a Blob without a type as bytes', async () => {
    const calls = stubFetch();
    await apiRequest('admin/images/', { method: 'POST', body: new Blob(['x']) });
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
  });
});
