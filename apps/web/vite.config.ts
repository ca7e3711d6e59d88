import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

/**
 * The API server serves dist/ in production (same origin, strict CSP: no inline scripts, no external hosts), so
 * the build must not inline scripts or reach any CDN. In development Vite proxies API and WebSocket calls.
 * A second, SSR build (`vite build --ssr src/entry-server.tsx`) renders the public pages on the server; the
 * manifest lets the server preload a page's chunks. Decision: docs/decisions/006-public-pages-rendering.md.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // boot.ts starts the app on server-rendered pages after their first paint (see its header).
      input: { index: 'index.html', boot: 'src/boot.ts' },
    },
  },
  ssr: {
    // Workspace packages are TypeScript source; Node does not strip types under node_modules, so bundle them.
    // Mantine and the icons are bundled too, so only the components and icons the pages use are in the server's
    // bundle: imported from node_modules, @mantine/core and @tabler/icons-react (every icon) cost the API server
    // ~110 MiB resident and ~0.6 s of its start (ADR 015, memory).
    noExternal: ['@kindred/shared', '@tabler/icons-react', /^@mantine\//],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});
