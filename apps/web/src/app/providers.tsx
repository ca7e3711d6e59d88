import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-error.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const AppToaster = lazy(() => import('./toaster.tsx'));

/** The toaster loads after the first render: it is never needed to show a page, and it keeps the first load lighter. */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
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
