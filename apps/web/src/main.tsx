import './lib/zod-jitless.ts';
import './styles/mantine-public.ts';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createClientRouter } from './app/client-router.ts';
import { queryClient } from './app/providers.tsx';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element in index.html');
  // Server-rendered pages carry their data as inert JSON; seeding the cache with it makes the first render match.
  const ssrData = document.getElementById('kindred-ssr-data');
  if (ssrData?.textContent) {
    for (const [key, data] of JSON.parse(ssrData.textContent) as [unknown[], unknown][])
      queryClient.setQueryData(key, data);
  }
  const router = await createClientRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking it in one long task.
  if (ssrData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
