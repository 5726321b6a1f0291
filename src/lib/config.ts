/**
 * Runtime settings read from `window.APP_CONFIG`, which `static/config.js` sets before the bundle
 * runs (DESIGN.md §1): changing them needs no rebuild.
 */
export interface RuntimeConfig {
  /** Main API base, ending in "/": "/api/" or "https://api.example.com/api/". */
  apiBaseUrl: string;
  /**
   * Photo-recognition API base, ending in "/": the reference server's `/recognition/`, reached
   * with the user's own session. The console holds no service token (DESIGN.md §1).
   */
  recognitionBaseUrl: string;
  /** Public client app origin, for template app links. */
  clientAppUrl: string;
  /** Host campaign subdomains live under: {subdomain}.{clientAppHost}. */
  clientAppHost: string;
}

const DEFAULTS: RuntimeConfig = {
  apiBaseUrl: '/api/',
  recognitionBaseUrl: '/recognition/',
  clientAppUrl: 'https://app.example.com',
  clientAppHost: 'example.app',
};

const withSlash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/** The settings in force, defaults filled in. */
export function runtimeConfig(): RuntimeConfig {
  const given = (globalThis as { APP_CONFIG?: Partial<RuntimeConfig> }).APP_CONFIG ?? {};
  const c = { ...DEFAULTS, ...given };
  return { ...c, apiBaseUrl: withSlash(c.apiBaseUrl), recognitionBaseUrl: withSlash(c.recognitionBaseUrl) };
}
