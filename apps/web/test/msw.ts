import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One MSW server per test file that calls the API: each test registers the answers it needs with
 * `api.use(http.get(apiUrl('…'), …))`; a request nobody answers fails the test.
 */
export function mockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** The absolute address of an API path (the app calls `/api/v1/…` on its own origin, jsdom's http://localhost:3000). */
export const apiUrl = (path: string) => `http://localhost:3000/api/v1/${path}`;
