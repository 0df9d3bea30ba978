import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    // In development the API, identity provider and /config.js come from the server on 8080.
    proxy: Object.fromEntries(['/api', '/oidc', '/config.js', '/version', '/get-identity'].map((p) => [p, apiTarget])),
  },
});
