import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), initialJavaScriptReport()],
  build: {
    // maplibre-gl is one library of ~1.1 MB, loaded only when a map is first shown (a lazy chunk):
    // it cannot be split further, so the warning would fire on every build for nothing. The
    // budget that matters, the JavaScript before the home page, is printed by initialJavaScriptReport.
    chunkSizeWarningLimit: 1200,
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
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, identity provider and /config.js come from the server on 8080.
    proxy: Object.fromEntries(['/api', '/oidc', '/config.js', '/version', '/get-identity'].map((p) => [p, apiTarget])),
  },
});

/** The budget of JavaScript a person downloads before the home page is usable (issue 45). */
const INITIAL_JS_BUDGET_KB = 150;

/**
 * Prints the gzip size of what index.html loads before anything lazy: the entry chunk and every
 * chunk it imports statically (the modulepreloads). Lazy pages, the map and the login page's own
 * chunk are not counted here; they load when first used.
 */
function initialJavaScriptReport(): Plugin {
  return {
    name: 'zview-initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === 'main');
      if (!entry || entry.type !== 'chunk') return;
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const bytes = [...seen].reduce((sum, fileName) => {
        const chunk = bundle[fileName];
        return sum + (chunk?.type === 'chunk' ? gzipSync(chunk.code).length : 0);
      }, 0);
      const kb = (bytes / 1024).toFixed(1);
      this.info(
        `initial JavaScript (entry + ${seen.size - 1} preloads): ${kb} KB gzip (budget ${INITIAL_JS_BUDGET_KB} KB)`,
      );
    },
  };
}
