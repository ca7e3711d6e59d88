import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { subscribeToaster, toasterWanted } from './toaster-gate.ts';
import { ApiError } from '../lib/api-error.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const AppToaster = lazy(() => import('./toaster.tsx'));

/** The toaster loads once a page that toasts has loaded (toaster-gate.ts), and never during server rendering. */
function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
  return mounted && wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404…) will not get better by asking again.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

/** `client` is the browser's singleton by default; the server renderer passes one per request. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={client}>
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
