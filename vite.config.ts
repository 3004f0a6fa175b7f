// The web app (web/): TanStack Router file routes with route-level code splitting, React, Tailwind.
// Dev server and preview proxy /api to the `api` function (the local stack's by default), so the
// session cookies stay first-party, as the static host's rewrite does in production. The build also
// pre-renders /landing and /auth to static HTML (web/prerender.ts) and puts the recorder extension's zip at
// /downloads/kollega-recorder-<version>.zip (web/extension-download.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { extensionDownload } from './web/extension-download.ts';
import { prerender } from './web/prerender.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const port = Number(process.env.WEB_PORT ?? 3000);
/** The build's version, shown in Settings → System (package.json, read at build time). */
const appVersion: string = JSON.parse(readFileSync(fromRoot('./package.json'), 'utf8')).version;
/** Long-lived vendor chunks, cached across deploys of the app code, and one chunk of small shared UI pieces. */
const vendorChunks: Record<string, RegExp> = {
  react: /node_modules\/(react|react-dom|scheduler)\//,
  router: /node_modules\/@tanstack\/(react-router|router-core|history|react-store|store)\//,
  query: /node_modules\/@tanstack\/(react-query|query-core)\//,
  i18n: /node_modules\/(i18next|react-i18next)\//,
  zod: /node_modules\/zod\//,
  // The small pieces both public pages and the 404/error screens draw, in one file instead of seven.
  ui: /web\/src\/(components\/ui\/(status-icons|button-styles|button|input|logo|language-toggle)|hooks\/use-document-title)\.tsx?$/,
};

/** The vendor chunks the entry imports statically (index.html preloads them). */
const entryVendorChunk = /(^|\/)(react|router|query|i18n|ui)-[\w-]+\.js$/;

const proxy = {
  // xfwd: append the browser's address to X-Forwarded-For, the entry the api's sign-in limits trust.
  '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:54331', changeOrigin: false, xfwd: true },
};

export default defineConfig({
  root: fromRoot('./web'),
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  publicDir: fromRoot('./web/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('./web/src/routes'),
      generatedRouteTree: fromRoot('./web/src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    prerender(),
    extensionDownload(appVersion),
  ],
  resolve: {
    alias: {
      '@': fromRoot('./web/src'),
      '@shared': fromRoot('./supabase/functions/_shared'),
      '@extension': fromRoot('./extension/src'),
    },
  },
  build: {
    outDir: fromRoot('./web/dist'),
    emptyOutDir: true,
    manifest: true,
    modulePreload: {
      // Every browser the app supports has <link rel=modulepreload>; the polyfill would only cost bytes.
      polyfill: false,
      // A lazy chunk's preload list leaves out the vendor chunks the entry imports: they are loaded
      // before any lazy import runs, and checking them again costs every navigation DOM work (on a
      // pre-rendered page's first load, a third of the task that loads the route).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !entryVendorChunk.test(dep)) : deps,
    },
    rollupOptions: {
      // zod 4 ships `@__PURE__` comments where Rollup cannot use them; it drops them, harmlessly.
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
        warn(warning);
      },
      output: {
        manualChunks: (id) => Object.keys(vendorChunks).find((name) => vendorChunks[name].test(id)),
      },
    },
  },
  server: { host: 'localhost', port, strictPort: true, proxy },
  preview: { host: 'localhost', port, strictPort: true, proxy },
});
