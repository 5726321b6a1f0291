import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localeCookie, localeFromCookie } from '../../src/common/locale-cookie.ts';
import { markDocument, rememberLocale } from '../../src/lib/i18n.ts';

// The language this browser remembers travels to the server in the `locale` cookie, so the page it
// answers names it on <html lang dir> before any script runs (docs/languages.md "The page before the app").
test.before.each(() => resetDom());

test('the cookie names a shipped locale or nothing', () => {
  assert.is(localeFromCookie('theme=dark; locale=ar'), 'ar');
  for (const c of ['locale=de', 'locale=', 'xlocale=fr', 'locale="><script>', '', null]) assert.is(localeFromCookie(c), null, String(c));
  assert.is(localeCookie('fr', true), 'locale=fr; Path=/; SameSite=Lax; Secure; Max-Age=31536000');
  assert.is(localeCookie(null, false), 'locale=; Path=/; SameSite=Lax; Max-Age=0');
});

test('remembering a language sets the cookie, forgetting it removes it; <html lang dir> names the language shown', () => {
  rememberLocale('ar');
  assert.is(localeFromCookie(document.cookie), 'ar');
  rememberLocale(null);
  assert.is(localeFromCookie(document.cookie), null);
  markDocument('ar');
  assert.is(document.documentElement.lang, 'ar');
  assert.is(document.documentElement.dir, 'rtl');
  markDocument('fr');
  assert.is(document.documentElement.dir, 'ltr');
});

test.run();
