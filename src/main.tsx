import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, areaFor } from './app/app.tsx';
import { applyTheme, readTheme, syncThemeCookie } from './providers/theme.ts';
import { syncSignedInCookie } from './lib/storage.ts';
import { activateLocale, currentLocale, initialLocale, markDocument, syncLocaleCookie } from './lib/i18n.ts';

/** How long the first render waits for the opened area's chunk before showing "Loading…" instead, in ms. */
const AREA_WAIT_MS = 1500;

// The remembered theme before the first paint of the app, and in the cookie the
// server reads for the next page (a choice made before the cookie existed gets it here).
const theme = readTheme();
applyTheme(theme);
syncThemeCookie(theme);
// The signed_in hint the server reads to put a console's frame in the page (a session kept before
// the hint existed gets it here; one that ended elsewhere loses it).
syncSignedInCookie();
// The area this address opens is loaded first (its chunks are announced with modulepreload), so
// the first paint is its shell, not a "Loading…" line that moves away a moment later.
// A failed or slow load only means the route's Suspense fallback shows as before.
// No top-level await here: this module is in the shared chunk that every area's chunk imports
// (build.mjs), and an area's chunk cannot run until the chunk it imports has finished running.
const area = areaFor(location.pathname);
const areaLoaded = area ? Promise.race([area.preload().catch(() => undefined), new Promise((r) => setTimeout(r, AREA_WAIT_MS))]) : null;
// The language this browser shows (lib/i18n.ts), on <html lang dir> at once (the page may have
// come with English's, without the cookie) and in the cookie the server reads for the next page;
// its catalog loads beside the area's chunk (English is in the bundle: nothing to wait for); a
// catalog that fails to load leaves English.
const locale = initialLocale();
markDocument(locale);
syncLocaleCookie();
const localeLoaded = activateLocale(locale, false).catch(() => markDocument(currentLocale()));
// As a transition the first render yields to the browser every few ms instead of holding the
// main thread for the whole tree (one long task less; Lighthouse's Total Blocking Time).
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
void Promise.all([areaLoaded, localeLoaded]).then(render);
