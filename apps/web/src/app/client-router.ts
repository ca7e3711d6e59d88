import { createBrowserRouter, matchRoutes } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { routes } from './router.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. The first page's lazy modules are loaded before it is created, so the first render is the
 * page the server sent (hydration), not a loading fallback.
 */
export async function createClientRouter(): Promise<AppRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  // A 401 on the profile, appointment or payment calls ends the session: go to sign-in without a page load.
  setSessionExpiredHandler(() => void router.navigate(paths.login, { replace: true }));
  return router;
}
