import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startE2E, type E2E } from './harness.ts';
import { eventPath, organiserSignedIn, shot, toast } from './campaign-helpers.ts';
import { makeCampaign, type Organiser } from '../api/campaigns-fixtures.ts';

let e: E2E;
let org: Organiser;
let campaign: number;
const IMAGE = { width: 1600, height: 1000 };
const file = '/tmp/campaigns-e2e-template.png';
const workers: string[] = [];

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e);
  campaign = await makeCampaign(e.api, org, { type: '1', title: 'Finish Line Photos' });
  // A real PNG larger than the editor, so screen and image pixels differ; drawn by the browser itself.
  await e.page.goto(e.url + '/login');
  const b64 = await e.page.evaluate(({ width, height }) => {
    const c = document.createElement('canvas');
    [c.width, c.height] = [width, height];
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#2a9d8f';
    ctx.fillRect(0, 0, width, height);
    ctx.clearRect(400, 250, 800, 500);
    return c.toDataURL('image/png').split(',')[1];
  }, IMAGE);
  (await import('node:fs')).writeFileSync(file, Buffer.from(b64, 'base64'));
});
test.after(async () => {
  await e.stop();
});

const position = (page: Page) => page.getByTestId('area-position').innerText();
/** Waits until the shown area is `want` (the canvas repaints after the key or pointer event). */
async function areaBecomes(page: Page, want: { x: number; y: number; width: number; height: number }) {
  const text = `Area: x ${want.x}, y ${want.y}, width ${want.width}, height ${want.height}`;
  await page
    .waitForFunction((t) => document.querySelector('[data-testid="area-position"]')?.textContent?.startsWith(t), text, { timeout: 3000 })
    .catch(() => undefined);
  return parseArea(await position(page));
}
const parseArea = (s: string) => {
  const m = /x (\d+), y (\d+), width (\d+), height (\d+)/.exec(s);
  return m ? { x: +m[1], y: +m[2], width: +m[3], height: +m[4] } : null;
};

test('the wizard is reached from the campaign detail and the editor is a separate chunk', async () => {
  const page = e.page;
  const scripts: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await page.goto(`${e.url}${eventPath(org)}/${campaign}`);
  await page.getByText('No templates added !').waitFor();
  assert.ok(await page.getByText('Add a template to get the app link.').isVisible());
  assert.is(await page.getByTestId('campaign-app-link').count(), 0);
  assert.not.ok(
    scripts.some((s) => /add-template-/.test(s)),
    'editor chunk not loaded on the campaign detail',
  );
  await page.getByRole('link', { name: 'Add template' }).click();
  await page.getByRole('heading', { name: 'Choose Template' }).waitFor();
  assert.ok(scripts.some((s) => /add-template-/.test(s)));
  assert.ok(await page.getByRole('button', { name: 'Next' }).isDisabled());
  await page.getByLabel('Template').setInputFiles(file);
  await page.getByText(`${IMAGE.width} × ${IMAGE.height} px`).waitFor();
  await shot(page, 'editor-1-choose');
});

test("the frame's transparent rectangle is proposed as the area, with the controls right beside the canvas", async () => {
  const page = e.page;
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Define Transparent Area' }).waitFor();
  await page.locator('.define-step[data-proposal="found"]').waitFor();
  // 1,600 × 1,000 px is over WORKER_PIXELS: the search ran in the worker (started when the file was chosen).
  assert.ok(
    workers.some((u) => /\/workers\/transparent-area-worker-\w+\.js$/.test(u)),
    JSON.stringify(workers),
  );
  const area = parseArea(await position(page))!;
  const want = { x: 400, y: 250, width: 800, height: 500 };
  assert.ok(area && Object.entries(want).every(([k, v]) => Math.abs(area[k as keyof typeof want] - v) <= 2), JSON.stringify(area));
  await page.getByTestId('area-proposal').waitFor();
  // No empty gutter: the controls start within the grid gap of the canvas's right edge.
  const canvas = (await page.locator('canvas.editor-canvas').boundingBox())!;
  const controls = (await page.locator('.editor-controls').boundingBox())!;
  const gutter = controls.x - (canvas.x + canvas.width);
  assert.ok(gutter >= 0 && gutter <= 24, `gutter ${gutter} px`);
  await shot(page, 'editor-2-proposed');
  // On a phone the controls go under the canvas, which fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.querySelector('.define-step.stacked'));
  await page.locator('.sidebar-overlay').dispatchEvent('click'); // the drawer stays open from the wide window
  const phone = (await page.locator('canvas.editor-canvas').boundingBox())!;
  assert.ok(
    phone.x >= 0 && phone.x + phone.width <= 390 && (await page.locator('.editor-controls').boundingBox())!.y > phone.y + phone.height,
    JSON.stringify(phone),
  );
  await shot(page, 'editor-2-proposed-390');
  await page.setViewportSize({ width: 1280, height: 860 });
});

test('Next without an area says "Choose image positons"', async () => {
  const page = e.page;
  // Delete removes the proposed area: the organiser may also start from nothing.
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('Delete');
  await page.getByText('Drag on the template to draw the transparent area.').waitFor();
  assert.is(await page.getByTestId('area-proposal').count(), 0);
  await page.getByRole('button', { name: 'Next' }).click();
  assert.is(await toast(page, 'Choose image positons'), 'Choose image positons');
  assert.is(await page.getByRole('dialog').count(), 0);
});

test('an area drawn, moved and resized with the mouse is kept in image pixels', async () => {
  const page = e.page;
  const canvas = page.locator('canvas.editor-canvas');
  const box = (await canvas.boundingBox())!;
  const scale = box.width / IMAGE.width;
  assert.ok(scale < 1, 'the image is shown scaled down');
  await page.mouse.move(box.x + 100, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 120, { steps: 5 });
  await page.mouse.move(box.x + 300, box.y + 210, { steps: 5 });
  await page.mouse.up();
  const drawn = parseArea(await position(page))!;
  const near = (a: number, b: number) => Math.abs(a - b) <= 2;
  assert.ok(
    near(drawn.x, 100 / scale) && near(drawn.y, 60 / scale) && near(drawn.width, 200 / scale) && near(drawn.height, 150 / scale),
    JSON.stringify({ drawn, scale }),
  );
  // Move: drag from the inside by (40, 30) screen px.
  await page.mouse.move(box.x + 200, box.y + 135);
  await page.mouse.down();
  await page.mouse.move(box.x + 240, box.y + 165, { steps: 4 });
  await page.mouse.up();
  const moved = parseArea(await position(page))!;
  assert.ok(near(moved.x, drawn.x + 40 / scale) && near(moved.y, drawn.y + 30 / scale) && moved.width === drawn.width, JSON.stringify(moved));
  // Resize: drag the south-east corner out by (50, 20).
  const se = { x: box.x + (moved.x + moved.width) * scale, y: box.y + (moved.y + moved.height) * scale };
  await page.mouse.move(se.x, se.y);
  await page.mouse.down();
  await page.mouse.move(se.x + 50, se.y + 20, { steps: 4 });
  await page.mouse.up();
  const resized = parseArea(await position(page))!;
  assert.ok(resized.x === moved.x && near(resized.width, moved.width + 50 / scale) && near(resized.height, moved.height + 20 / scale), JSON.stringify(resized));
  await shot(page, 'editor-2-define');
});

test('arrow keys nudge, Shift nudges further, Ctrl+Z undoes and Redo redoes', async () => {
  const page = e.page;
  const before = parseArea(await position(page))!;
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await areaBecomes(page, { ...before, x: before.x + 1 }), { ...before, x: before.x + 1 });
  await page.keyboard.press('Shift+ArrowDown');
  const nudged = { ...before, x: before.x + 1, y: before.y + 10 };
  assert.equal(await areaBecomes(page, nudged), nudged);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.equal(await areaBecomes(page, before), before);
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await areaBecomes(page, { ...before, x: before.x + 1 }), { ...before, x: before.x + 1 });
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('Control+y');
  assert.equal(await areaBecomes(page, nudged), nudged);
});

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** axe-core's serious and critical violations inside `selector`, as "rule: targets". */
async function axeFailures(page: Page, selector: string) {
  // Evaluated rather than added as a script tag: the console's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async (sel) => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document.querySelector(sel), { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

/**
 * Reads the editor canvas in the page: the best contrast ratio (WCAG) between any pixel of the
 * caption's box and the area's own background just below it, both composited over the canvas's
 * backdrop (the checkerboard's two colours of the current theme; the worse of the two counts).
 * `area` is in image px; the caption is centred in it. Also returns the background's alpha.
 */
async function captionContrast(page: Page, area: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    ({ area, imageWidth }) => {
      const c = document.querySelector<HTMLCanvasElement>('canvas.editor-canvas')!;
      const ctx = c.getContext('2d')!;
      const k = c.width / imageWidth; // canvas px per image px
      const [cx, cy] = [(area.x + area.width / 2) * k, (area.y + area.height / 2) * k];
      const box = ctx.getImageData(Math.round(cx - 45 * k), Math.round(cy - 18 * k), Math.round(90 * k), Math.round(36 * k)).data;
      const bg = ctx.getImageData(Math.round(cx), Math.round(cy + 70 * k), 1, 1).data;
      // No named helpers in here: the test's compiler would wrap them in a function the page lacks.
      const style = getComputedStyle(c);
      const backdrops = ['--checker-a', '--checker-b'].map((v) => {
        const h = style.getPropertyValue(v).trim().replace('#', '');
        return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
      });
      const worst = Math.min(
        ...backdrops.map((back) => {
          const colours: number[][] = [];
          for (const [px, i] of [[bg, 0] as const, ...Array.from({ length: box.length / 4 }, (_, n) => [box, n * 4] as const)]) {
            colours.push([0, 1, 2].map((j) => (px[i + 3] / 255) * px[i + j] + (1 - px[i + 3] / 255) * back[j]));
          }
          const lums = colours.map((rgb) =>
            rgb
              .map((v) => {
                const x = v / 255;
                return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
              })
              .reduce((sum, x, j) => sum + [0.2126, 0.7152, 0.0722][j] * x, 0),
          );
          return Math.max(1, ...lums.slice(1).map((l) => (Math.max(l, lums[0]) + 0.05) / (Math.min(l, lums[0]) + 0.05)));
        }),
      );
      return { contrast: worst, bgAlpha: bg[3], theme: document.documentElement.dataset.theme ?? 'system' };
    },
    { area, imageWidth: IMAGE.width },
  );
}

test('the controls keep the spec limits and defaults', async () => {
  const page = e.page;
  // Neutral defaults: opaque, upright (360 is upright: the spec's range is 1 to 360), and a hint says so.
  assert.is(await page.getByLabel('Opacity').inputValue(), '1');
  const rotate = page.getByLabel('Rotate');
  assert.is(await rotate.inputValue(), '360');
  assert.is(await rotate.getAttribute('max'), '360');
  const hintId = (await rotate.getAttribute('aria-describedby'))!;
  assert.is(await page.locator(`[id="${hintId}"]`).textContent(), '360° = upright (1 to 360)');
  assert.ok(await page.getByText('360° = upright (1 to 360)').isVisible());
  // Each custom colour swatch has its name: accessible ("Fill black"), shown under it, and as its title.
  for (const group of ['Fill', 'Stroke']) {
    for (const [name, hex] of [
      ['black', '#000000'],
      ['white', '#ffffff'],
      ['orange', '#ffa500'],
      ['grey', '#808080'],
      ['red', '#ff0000'],
    ]) {
      const swatch = page.getByRole('button', { name: `${group} ${name}`, exact: true });
      assert.ok(await swatch.isVisible(), `${group} ${name}`);
      assert.is((await swatch.textContent())?.trim(), name);
      assert.is(await swatch.getAttribute('title'), `${group}: ${name} (${hex})`);
    }
  }
  const fontSize = page.getByLabel('Font size');
  assert.equal([await fontSize.getAttribute('min'), await fontSize.getAttribute('max')], ['1', '200']);
  const opacity = page.getByLabel('Opacity');
  assert.equal([await opacity.getAttribute('min'), await opacity.getAttribute('max'), await opacity.getAttribute('step')], ['0', '1', '0.1']);
  assert.is(await page.getByLabel('Stroke width').getAttribute('min'), '0');
  assert.is(await page.getByLabel('Rotate').getAttribute('min'), '1');
  const optionsOf = (label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.text));
  assert.equal(await optionsOf('Font'), ['Times New Roman', 'Arial', 'fantasy', 'cursive']);
  assert.equal(await optionsOf('Font style'), ['normal', 'bold', 'italic']);
  assert.equal(await optionsOf('Stroke type'), ['normal', 'dot', 'dash']);
  assert.is(await page.getByLabel('Fill colour').inputValue(), '#34409e');
  assert.is(await page.getByLabel('Stroke colour').inputValue(), '#34409e');
  await page.getByLabel('Fill orange').click();
  assert.is(await page.getByLabel('Fill colour').inputValue(), '#ffa500');
  await page.getByLabel('Font style').selectOption('bold');
  assert.is(await page.getByLabel('Font style').inputValue(), 'bold');
});

test("the area's caption stands out from the area in the light and the dark theme, opaque or see-through, and axe passes the editor in both", async () => {
  const page = e.page;
  const area = parseArea(await position(page))!;
  const theme = page.getByLabel('Theme');
  const results: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await theme.selectOption(mode);
    await page.waitForFunction((m) => document.documentElement.dataset.theme === m, mode);
    for (const opacity of [1, 0.3]) {
      await page.getByLabel('Opacity').fill(String(opacity));
      // The canvas has repainted once the area's background has the chosen alpha.
      await page.waitForFunction(
        ({ opacity, area, w }) => {
          const c = document.querySelector<HTMLCanvasElement>('canvas.editor-canvas')!;
          const k = c.width / w;
          const a = c.getContext('2d')!.getImageData(Math.round((area.x + area.width / 2) * k), Math.round((area.y + area.height / 2 + 70) * k), 1, 1).data[3];
          return Math.abs(a - opacity * 255) <= 2;
        },
        { opacity, area, w: IMAGE.width },
      );
      const r = await captionContrast(page, area);
      assert.is(r.theme, mode);
      if (r.contrast < 4.5) results.push(`${mode}, opacity ${opacity}: ${r.contrast.toFixed(2)}:1`);
    }
    await shot(page, `editor-caption-${mode}`);
    // The controls (swatches with their names, the Rotate hint) pass axe in this theme.
    results.push(...(await axeFailures(page, '.define-step')).map((f) => `${mode}: ${f}`));
  }
  assert.equal(results, [], 'caption contrast below 4.5:1, or axe failures');
  await page.getByLabel('Opacity').fill('1');
  await theme.selectOption('system');
});

test('saving asks to confirm, stores the area in image pixels, and Done shows the app link', async () => {
  const page = e.page;
  const area = parseArea(await position(page))!;
  // A fresh "Choose image positons" error (Delete, Next), then the area back (Ctrl+Z): the save's
  // success must clear that error at once (the confirmation counts as the wizard).
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('.toast-error', { hasText: 'Choose image positons' }).first().waitFor();
  await page.locator('canvas.editor-canvas').focus();
  await page.keyboard.press('Control+z');
  assert.equal(await areaBecomes(page, area), area);
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog');
  assert.ok(await dialog.getByText('Are you sure you want to proceed with the current temmplate ?').isVisible());
  await shot(page, 'editor-3-confirm');
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByRole('heading', { name: 'Done' }).waitFor();
  await page.locator('.toast-success').first().waitFor();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.toast-error:not(.leaving)')].some((t) => t.textContent?.includes('Choose image positons')),
    null,
    { timeout: 2000 },
  );
  const row = await e.api.sql.get<{
    x: number;
    y: number;
    width: number;
    height: number;
    template_width: number;
    template_height: number;
    template_json: string;
    path: string;
  }>('SELECT x, y, width, height, template_width, template_height, template_json, path FROM templates WHERE campaign_id = ?', [campaign]);
  assert.equal({ x: row!.x, y: row!.y, width: row!.width, height: row!.height }, area);
  assert.equal([row!.template_width, row!.template_height], [IMAGE.width, IMAGE.height]);
  const json = JSON.parse(row!.template_json);
  assert.equal([json.style.fill, json.style.fontStyle], ['#ffa500', 'bold']);
  const link = await page.getByTestId('app-link').getAttribute('href');
  assert.is(link, 'https://app.example.com/login?event_name=Run%20Club%20Marathon&campaign_name=Finish%20Line%20Photos');
  await shot(page, 'editor-4-done');
  // Copy link puts the link on the clipboard, with the spec's copy feedback.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.url });
  await page.getByRole('button', { name: 'Copy link' }).click();
  assert.is(await toast(page, 'Copied to clipboard !'), 'Copied to clipboard !');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.getByRole('link', { name: 'Go back to the campaign' }).click();
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
  await page.getByRole('img', { name: 'Template 1' }).waitFor();
  assert.is(await page.getByRole('img', { name: 'Template 1' }).getAttribute('src'), row!.path);
  // The campaign's Details now show the same app link.
  const detailLink = page.getByTestId('campaign-app-link');
  assert.ok(await detailLink.isVisible());
  assert.equal([await detailLink.getAttribute('href'), await detailLink.textContent()], [link, link]);
  assert.is(await page.getByText('Add a template to get the app link.').count(), 0);
  await shot(page, 'detail-image-with-template');
});

test('a JPEG (no alpha) starts with no proposed area', async () => {
  const page = e.page;
  const jpeg = '/tmp/campaigns-e2e-template.jpg';
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    [c.width, c.height] = [1200, 800];
    const ctx = c.getContext('2d')!;
    ctx.clearRect(0, 0, 1200, 800); // a JPEG has no alpha: this reads back opaque
    ctx.fillStyle = '#264653';
    ctx.fillRect(0, 0, 600, 800);
    return c.toDataURL('image/jpeg').split(',')[1];
  });
  (await import('node:fs')).writeFileSync(jpeg, Buffer.from(b64, 'base64'));
  await page.getByRole('link', { name: 'Add template' }).click();
  await page.getByLabel('Template').setInputFiles(jpeg);
  await page.getByText('1200 × 800 px').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('.define-step[data-proposal="none"]').waitFor();
  assert.is(await position(page), 'Drag on the template to draw the transparent area.');
  assert.is(await page.getByTestId('area-proposal').count(), 0);
  // Leave the wizard without saving (its leave guard asks first).
  page.once('dialog', (d) => void d.accept());
  await page.goto(`${e.url}${eventPath(org)}/${campaign}`);
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
});

test('a template is deleted after its confirmation', async () => {
  const page = e.page;
  await page.getByRole('button', { name: 'Delete template 1' }).click();
  const dialog = page.getByRole('dialog');
  assert.ok(await dialog.getByText('Are you sure that you want to delete this template ?').isVisible());
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('No templates added !').waitFor();
  assert.is(await e.api.sql.get('SELECT id FROM templates WHERE campaign_id = ?', [campaign]), undefined);
  assert.equal(e.errors, []);
});

test.run();
