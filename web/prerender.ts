// Vite plugin: after `vite build`, renders /landing and /auth (web/src/prerender.tsx) into copies of
// the built index.html, web/dist/landing.html and web/dist/auth.html. A static host serves them for
// /landing and /auth (clean URLs; `vite preview` does so too) and index.html for every other path.
//
// The browser paints those pages from the HTML and CSS alone: their JavaScript is requested only after
// the load event (so it competes neither with the first paint nor with the stylesheet); main.tsx then
// loads the route's code and texts and hydrates the markup. Until then the root carries `data-hydrating`
// and every form and button is `inert`: a form submitted natively would put its fields, the password
// too, in the URL, and a button would do nothing. Only those: making the whole page inert and then not
// again restyles every element, a long task on a slow phone (docs/quality.md). Links work throughout.
// A visitor who chose English earlier, or who opens /auth?view=register, gets an empty root (an inline
// script clears it before the first paint) and the SPA renders as on any other page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

type RenderModule = {
  PRERENDERED_PATHS: readonly string[];
  render: (path: never) => Promise<{ html: string; title: string; lang: string; namespaces: string[] }>;
};

/**
 * The built page's module script and preloads, requested after the load event instead of at once.
 * `routeChunks` (the page's own code and texts) are only preloaded there, so they download alongside
 * the vendor chunks and the route's lazy import later finds them in flight instead of adding its own
 * preload links in the middle of loading the route.
 */
function deferScripts(html: string, routeChunks: readonly string[]): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let page = html.replace(entry[0], '');
  for (const preload of preloads) page = page.replace(preload[0], '');
  const vendor = preloads.map((p) => p[1]);
  const hrefs = JSON.stringify(vendor);
  const own = JSON.stringify(routeChunks.filter((file) => !vendor.includes(file)));
  // Preloads first (parallel downloads), then each vendor chunk evaluated in a task of its own: one
  // module graph evaluated at once is a single long task on a slow phone. Each preload link is added
  // in a task of its own too: Chromium starts a module preload's fetch synchronously, and adding the
  // nine links in one task took 5–46 ms here (docs/quality.md).
  const loader =
    `<script type="module">addEventListener('load',async()=>{const y=()=>new Promise(r=>setTimeout(r)),c=${hrefs};` +
    `for(const h of c.concat(${own})){const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l);await y()}` +
    `for(const h of c){await import(h);await y()}import(${JSON.stringify(entry[1])})})</script>`;
  return page.replace('</body>', `  ${loader}\n  </body>`);
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The files of a pre-rendered page's route component and texts, with every chunk they import (but the entry). */
function routeChunks(manifest: Manifest, path: string, lang: string, namespaces: readonly string[]): string[] {
  const keys = [`src/routes${path}.tsx?tsr-split=component`, ...namespaces.map((ns) => `src/locales/${lang}/${ns}.json`)];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender ${path}: ${key} is not in the build manifest`);
    if (key === 'index.html' || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

/** Makes every form and button of the markup `inert` until main.tsx has hydrated it. */
const blockControls = (html: string) => html.replace(/<(form|button)(?=[\s>])/g, '<$1 inert=""');

/** Clears the pre-rendered markup when this visit would not render it (language, search, hash). */
const guard = (lang: string) =>
  `<script>try{if((localStorage.getItem('kollega.language')||'${lang}')!=='${lang}'||location.search||location.hash)` +
  `{var r=document.getElementById('root');r.textContent='';r.removeAttribute('data-hydrating')}}catch(e){}</script>`;

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kollega:prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = config.build.outDir;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      // The app's own modules, run in Node through Vite's SSR pipeline (same aliases and plugins).
      const server = await createServer({
        configFile: config.configFile,
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const app = (await server.ssrLoadModule('/src/prerender.tsx')) as RenderModule;
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        for (const path of app.PRERENDERED_PATHS) {
          const { html, title, lang, namespaces } = await app.render(path as never);
          if (!html.includes('<main')) throw new Error(`prerender ${path}: the page rendered no <main> (${html.slice(0, 200)})`);
          const page = deferScripts(template, routeChunks(manifest, path, lang, namespaces))
            .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
            .replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`)
            .replace('<div id="root"></div>', `<div id="root" data-hydrating data-prerendered="${path}">${blockControls(html)}</div>${guard(lang)}`);
          if (!page.includes('data-prerendered')) throw new Error('prerender: index.html has no <div id="root"></div>');
          writeFileSync(join(outDir, `${path.slice(1)}.html`), page);
          config.logger.info(`prerendered ${path} → ${path.slice(1)}.html (${(html.length / 1024).toFixed(1)} KB of markup)`);
        }
      } finally {
        await server.close();
      }
    },
  };
}
