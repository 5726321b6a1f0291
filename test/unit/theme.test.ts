import './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { applyTheme, readTheme, saveTheme, THEME_KEY, THEMES } from '../../src/providers/theme.ts';

test('the switch offers System, Light and Dark; nothing remembered reads as System', () => {
  assert.equal(THEMES.map((t) => t.label), ['System', 'Light', 'Dark']);
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

test("base.css gives the device's dark scheme and the Dark theme the very same colours", () => {
  const css = readFileSync(new URL('../../styles/base.css', import.meta.url), 'utf8');
  const decls = (block: string) => block.split(';').map((d) => d.trim()).filter(Boolean).sort();
  const media = /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{([^}]*)\}/.exec(css);
  const forced = /:root\[data-theme="dark"\] \{([^}]*--bg[^}]*)\}/.exec(css);
  assert.ok(media && forced, 'both dark blocks are there');
  assert.ok(decls(media![1]).length > 20);
  assert.equal(decls(media![1]), decls(forced![1]));
});

test.run();
