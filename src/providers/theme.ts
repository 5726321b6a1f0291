import { useCallback, useEffect, useState } from 'react';
import { themeCookie, themeFromCookie } from '../common/theme-cookie.ts';

/**
 * The colour theme: System (follow the device), Light or Dark, chosen in the
 * header and remembered per browser (localStorage `theme`; not part of the session, so it
 * outlives sign-out). An explicit choice sets `data-theme` on <html>, which styles/base.css
 * reads; System removes it and the CSS follows `prefers-color-scheme`. An explicit choice is also
 * mirrored in the `theme` cookie (common/theme-cookie.ts), so the server's page is in the right
 * colours before any script runs.
 */
export type Theme = 'system' | 'light' | 'dark';
/** The switch's choices, in order, with their labels. */
export const THEMES: readonly { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
/** localStorage key of the remembered choice. */
export const THEME_KEY = 'theme';

const isTheme = (v: unknown): v is Theme => v === 'system' || v === 'light' || v === 'dark';

/** The remembered theme; System when none, unreadable (storage blocked) or unknown. */
export function readTheme(): Theme {
  try {
    const v = globalThis.localStorage?.getItem(THEME_KEY);
    return isTheme(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Shows `theme` on the page (the `data-theme` attribute of <html>). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

/**
 * Keeps the `theme` cookie saying what `theme` says (written only when it does not already), for
 * the server's page; blocked cookies only cost that page its colours until the script runs.
 */
export function syncThemeCookie(theme: Theme): void {
  try {
    if ((themeFromCookie(document.cookie) ?? 'system') !== theme) document.cookie = themeCookie(theme, location.protocol === 'https:');
  } catch {
    /* cookies blocked */
  }
}

/** Remembers and shows `theme`; storage failures only lose the memory, not the change. */
export function saveTheme(theme: Theme): void {
  try {
    if (theme === 'system') globalThis.localStorage?.removeItem(THEME_KEY);
    else globalThis.localStorage?.setItem(THEME_KEY, theme);
  } catch {
    /* private mode or blocked storage: the choice lasts this page only */
  }
  syncThemeCookie(theme);
  applyTheme(theme);
}

/** The current theme and its setter; follows choices made in another tab of the same browser. */
export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(readTheme);
  useEffect(() => {
    const other = (e: StorageEvent) => {
      if (e.key === THEME_KEY || e.key === null) {
        const t = readTheme();
        setTheme(t);
        applyTheme(t);
      }
    };
    window.addEventListener('storage', other);
    return () => window.removeEventListener('storage', other);
  }, []);
  const set = useCallback((t: Theme) => {
    saveTheme(t);
    setTheme(t);
  }, []);
  return [theme, set];
}
