// The Kollega app's origins, exact: scheme, host and port. extension/build.ts sets them at build time from
// KOLLEGA_APP_ORIGINS (esbuild `define`); the bridge runs only on them and the background worker takes
// commands only from a top frame on one of them. Also the checks on the URLs a recording may open.
declare const __KOLLEGA_APP_ORIGINS__: readonly string[] | undefined;

/** The origins built in (none outside a build: then nothing is trusted). */
export const APP_ORIGINS: readonly string[] =
  typeof __KOLLEGA_APP_ORIGINS__ === 'undefined' ? [] : __KOLLEGA_APP_ORIGINS__;

/**
 * Parses a comma-separated list of origins (`https://app.example.se,http://localhost:3000`) into exact
 * origins. Refuses wildcards, paths, queries and other schemes than http(s): a match pattern such as
 * `http://localhost/*` would let any local port (any dev server) drive the recorder.
 */
export function parseAppOrigins(list: string): string[] {
  const origins = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (!url || entry.includes('*') || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, ''))
        throw new Error(`KOLLEGA_APP_ORIGINS: "${entry}" is not an exact origin (scheme://host[:port], no path or wildcard)`);
      return url.origin;
    });
  if (!origins.length) throw new Error('KOLLEGA_APP_ORIGINS: no origin given');
  return [...new Set(origins)];
}

/**
 * The content-script match pattern for an origin. A port written in the origin is in the pattern; an origin
 * on its scheme's default port gets a pattern without one (Chrome then matches any port of that host), so
 * the bridge and the background worker compare the exact origin again before they act.
 */
export function matchPattern(origin: string): string {
  return `${origin}/*`;
}

/** Whether `origin` is one of the app's origins (exact string match of scheme, host and port). */
export function isAppOrigin(origin: string | undefined, origins: readonly string[] = APP_ORIGINS): boolean {
  return !!origin && origins.includes(origin);
}

/** The origin of a URL, or undefined for none or one that does not parse. */
export function originOf(url: string | undefined): string | undefined {
  return url && URL.canParse(url) ? new URL(url).origin : undefined;
}

/** A start URL a recording may open: http or https only (no javascript:, file:, chrome:, data: …). */
export function isWebUrl(url: string): boolean {
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}
