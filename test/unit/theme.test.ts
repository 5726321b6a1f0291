import './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { applyTheme, readTheme, saveTheme, syncThemeCookie, THEME_KEY, THEMES } from '../../src/providers/theme.ts';
import { themeCookie, themeFromCookie } from '../../src/common/theme-cookie.ts';

test('the switch offers System, Light and Dark; nothing remembered reads as System', () => {
  assert.equal(
    THEMES.map((t) => t.label),
    ['System', 'Light', 'Dark'],
  );
  localStorage.clear();
  assert.is(readTheme(), 'system');
  localStorage.setItem(THEME_KEY, 'purple');
  assert.is(readTheme(), 'system', 'an unknown value is ignored');
});

test('a choice is remembered and shown on <html>; System forgets it and removes the attribute', () => {
  saveTheme('dark');
  assert.is(localStorage.getItem(THEME_KEY), 'dark');
  assert.is(document.documentElement.getAttribute('data-theme'), 'dark');
  assert.is(readTheme(), 'dark');
  saveTheme('light');
  assert.is(document.documentElement.getAttribute('data-theme'), 'light');
  saveTheme('system');
  assert.is(localStorage.getItem(THEME_KEY), null);
  assert.is(document.documentElement.hasAttribute('data-theme'), false);
  applyTheme('dark');
  assert.is(document.documentElement.getAttribute('data-theme'), 'dark');
  applyTheme('system');
});

test('an explicit choice is mirrored in the theme cookie the server reads; System removes it', () => {
  saveTheme('dark');
  assert.is(themeFromCookie(document.cookie), 'dark');
  saveTheme('light');
  assert.is(themeFromCookie(document.cookie), 'light');
  saveTheme('system');
  assert.is(themeFromCookie(document.cookie), null);
  // A choice remembered before the cookie existed gets it at start (main.tsx).
  localStorage.setItem(THEME_KEY, 'dark');
  syncThemeCookie(readTheme());
  assert.is(themeFromCookie(document.cookie), 'dark');
  saveTheme('system');
});

test('the server reads only light or dark from the cookie; the cookie lasts a year, site-wide, Secure over https', () => {
  assert.is(themeFromCookie('XSRF-TOKEN=a; theme=dark'), 'dark');
  assert.is(themeFromCookie('theme=light;other=1'), 'light');
  assert.is(themeFromCookie('a=b=c;  theme = dark ; theme=light'), 'dark', 'spaces around the pair, the first one wins');
  for (const c of ['theme=system', 'theme=DARK', 'theme=dark2', 'mytheme=dark', 'theme=', '', null, undefined]) assert.is(themeFromCookie(c), null, String(c));
  assert.is(themeCookie('dark', true), 'theme=dark; Path=/; SameSite=Lax; Secure; Max-Age=31536000');
  assert.is(themeCookie('light', false), 'theme=light; Path=/; SameSite=Lax; Max-Age=31536000');
  assert.is(themeCookie('system', false), 'theme=; Path=/; SameSite=Lax; Max-Age=0');
});

test("base.css gives the device's dark scheme and the Dark theme the very same colours", () => {
  const css = readFileSync(new URL('../../styles/base.css', import.meta.url), 'utf8');
  const decls = (block: string) =>
    block
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .sort();
  const media = /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{([^}]*)\}/.exec(css);
  const forced = /:root\[data-theme="dark"\] \{([^}]*--bg[^}]*)\}/.exec(css);
  assert.ok(media && forced, 'both dark blocks are there');
  assert.ok(decls(media![1]).length > 20);
  assert.equal(decls(media![1]), decls(forced![1]));
});

test.run();
