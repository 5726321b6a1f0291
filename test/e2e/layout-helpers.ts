import type { Page } from 'playwright-core';

export const WIDTHS = [375, 768, 1024, 1440] as const;

/**
 * Visible controls whose centre a toast covers. A control is visible when, with the toasts
 * hidden, document.elementFromPoint at its centre finds it (so controls behind a modal's
 * backdrop do not count); it is covered when, with the toasts shown, that point finds a toast.
 */
export const coveredControls = (page: Page) =>
  page.evaluate(() => {
    // No named inner functions: the test runner's transform would wrap them in a helper the page lacks.
    const stacks = Array.from(document.querySelectorAll<HTMLElement>('.toast-container'));
    stacks.forEach((s) => {
      s.style.visibility = 'hidden';
    });
    const visible = Array.from(document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { el, x: r.left + r.width / 2, y: r.top + r.height / 2, area: r.width * r.height };
      })
      .filter(({ el, x, y, area }) => {
        if (!area || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return !!hit && (el === hit || el.contains(hit) || (el as HTMLInputElement).labels?.[0]?.contains(hit) === true);
      });
    stacks.forEach((s) => {
      s.style.visibility = '';
    });
    return visible
      .filter(({ x, y }) => document.elementFromPoint(x, y)?.closest('.toast-container'))
      .map(({ el }) => `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).name || '').trim()}"`);
  });

/** Waits for a toast with `text`, lets the stack settle, then lists the controls it covers. */
export async function coveredAfterToast(page: Page, text: string | RegExp) {
  await page.locator('.toast', { hasText: text }).first().waitFor();
  await page.waitForTimeout(150); // two animation frames: the stack is placed on the next frame
  return coveredControls(page);
}

/** How many px the page scrolls sideways (0 when it does not). */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Screens of both consoles, for a signed-in admin; `o` is an organiser with event `e` and campaign `c`. */
export const screens = (o: number, e: number, c: number) => [
  '/admin',
  '/admin/permissions',
  '/admin/roles',
  '/admin/users',
  '/admin/pages',
  '/admin/adminmenus',
  '/admin/settings',
  '/admin/organizers',
  `/admin/organizer/${o}`,
  `/admin/organizer/${o}/profile`,
  `/admin/organizer/${o}/holiday`,
  `/admin/organizer/${o}/booking`,
  `/admin/organizer/${o}/events`,
  `/admin/organizer/${o}/events/${e}`,
  `/admin/organizer/${o}/events/${e}?tab=details`,
  `/admin/organizer/${o}/events/${e}?tab=photos`,
  `/admin/organizer/${o}/events/${e}/${c}`,
  `/admin/organizer/${o}/events/${e}/${c}/add-template`,
];

/** A PNG of `width` × `height` drawn by the browser, written to `file`. */
export async function writePng(page: Page, file: string, width: number, height: number) {
  const b64 = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement('canvas');
      [c.width, c.height] = [w, h];
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#2a9d8f';
      ctx.fillRect(0, 0, w, h);
      return c.toDataURL('image/png').split(',')[1];
    },
    [width, height],
  );
  (await import('node:fs')).writeFileSync(file, Buffer.from(b64, 'base64'));
}
