import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        // Development/e2e page of the map widget with fixture data (served at /map-harness.html).
        // Only built when asked for (the e2e setup does), so production dist carries no fixtures.
        ...(process.env.ZVIEW_BUILD_HARNESS === '1'
          ? { mapHarness: fileURLToPath(new URL('./map-harness.html', import.meta.url)) }
          : {}),
      },
      output: {
        // React changes far less often than the app, so its own chunk stays cached across releases.
        // Only libraries every page needs belong in a group: a group pulls its modules into the
        // initial load even when just a lazy page imports them.
        advancedChunks: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, identity provider and /config.js come from the server on 8080.
    proxy: Object.fromEntries(['/api', '/oidc', '/config.js', '/version', '/get-identity'].map((p) => [p, apiTarget])),
  },
});
