import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { markHydrated } from '../lib/seo.tsx';
import type { AppRouter } from './client-router.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { Providers } from './providers.tsx';

function HydrationMark() {
  useEffect(markHydrated, []);
  return null;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
        <HydrationMark />
      </Providers>
    </AppErrorBoundary>
  );
}
