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
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        // Development/e2e page of the map widget with fixture data (served at /map-harness.html).
        mapHarness: fileURLToPath(new URL('./map-harness.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, identity provider and /config.js come from the server on 8080.
    proxy: Object.fromEntries(['/api', '/oidc', '/config.js', '/version', '/get-identity'].map((p) => [p, apiTarget])),
  },
});
