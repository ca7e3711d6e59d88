import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

/**
 * The API server serves dist/ in production (same origin, strict CSP: no inline scripts, no external hosts), so
 * the build must not inline scripts or reach any CDN. In development Vite proxies API and WebSocket calls.
 * A second, SSR build (`vite build --ssr src/entry-server.tsx`) renders the public pages on the server; the
 * manifest lets the server preload a page's chunks. Decision: docs/decisions/006-public-pages-rendering.md.
 */
export default defineConfig(({ command }) => ({
  plugins: [react()],
  // React picks its development or production build from NODE_ENV at run time; nothing sets it on the server, so
  // the SSR bundle loaded react-dom-server's development build (1.5–2.7× slower renders, issue 26). A build is
  // always production: the constant is replaced and the bundle carries React's production build.
  ...(command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
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
    // React, react-dom/server and everything that imports React are bundled too, so the bundle's one React is
    // the production build the define above selects (an external react-router would load its own React by NODE_ENV).
    noExternal: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
}));
