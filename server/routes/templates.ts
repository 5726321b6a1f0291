import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/http/envelope.ts';
import { maxLength, numeric, required, str, validate, type Rule, recordId } from '../lib/http/validate.ts';
import { decodeImage, removeLeftovers, removeStoredImage, storeImage } from '../lib/files/images.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/templates.ts';
import { campaignInScope } from '../middleware/scope.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { recordImageBytes } from '../db/queries/storage.ts';

const json: Rule = (v, l) => {
  if (v === undefined || v === '') return null;
  try { JSON.parse(String(v)); return null; } catch { return `The ${l} must be valid JSON.`; }
};
const POSITION = ['x', 'y', 'width', 'height', 'template_width', 'template_height'] as const;
const positionLabels = { campaign_id: 'campaign id', template_json: 'template json', template_width: 'template width', template_height: 'template height' };
/** 422 unless the area has a size and lies inside the image (half a pixel of rounding allowed). */
const checkArea = ([x, y, width, height, tw, th]: number[]) => {
  if (width <= 0 || height <= 0 || x < 0 || y < 0 || tw <= 0 || th <= 0 || x + width > tw + 0.5 || y + height > th + 0.5) {
    throw validationError({ x: ['The transparent area must lie inside the template image.'] });
  }
};
/** A saved template after the organiser check: 404 when there is none, 403 when another organiser's. */
const templateInScope = async (c: Context<AppEnv>) => {
  const template = await q.getTemplate(c.var.sql, toId(c.req.param('id')));
  if (!template) throw notFound('Template');
  await campaignInScope(c.var.sql, c.var.user, template.campaign_id);
  return template;
};

/**
 * Templates of image campaigns (organiser-console §2 wizard, §3 "Template", §5 "Template save"):
 *
 * - POST template  form template_json (JSON text), x, y, width, height, template_width,
 *                  template_height (the image's own pixels), image (data URL, PNG/JPEG/WebP ≤ 2 MB),
 *                  campaign_id -> data { id, path, event_url, campaign_url }
 * - GET template/{id} -> { id, campaign_id, path, template_json, x, y, width, height, template_width, template_height }
 * - PUT template/{id} form template_json, x, y, width, height: moves the area of a saved template (same
 *                  rules; the image and its size stay) -> the template
 * - DELETE template/{id}
 *
 * Only image campaigns (type 1) take templates. The area must lie inside the image and have a size; the template size must match the image's.
 * Scoped through the campaign's organiser: 403 for another organiser's, 404 for none. The image and
 * the JSON count towards the organiser's storage quota (lib/files/quota.ts): 422 on `image` (or
 * `template_json`) when the write would pass it.
 */
export const templateRoutes = new Hono<AppEnv>()
  .use('/template', requireUser)
  .use('/template/*', requireUser)
  .post('/template', async (c) => {
    const sql = c.var.sql;
    const body = await readBody(c);
    validate(body, {
      campaign_id: [required, recordId], image: [required], template_json: [json, maxLength(20000)],
      ...Object.fromEntries(POSITION.map((f) => [f, [required, numeric]])),
    }, positionLabels);
    const [x, y, width, height, tw, th] = POSITION.map((f) => Number(str(body, f)));
    checkArea([x, y, width, height, tw, th]);
    const scope = await campaignInScope(sql, c.var.user, toId(str(body, 'campaign_id')));
    if (scope.type !== 1) throw validationError({ campaign_id: ['Templates can only be added to image campaigns.'] });
    const image = decodeImage(body.image, 'image');
    if (!image) throw validationError({ image: ['The image field is required.'] });
    const files = c.var.files;
    const path = await storeImage(files, image, 'templates');
    try {
      const id = await sql.transaction((tx) => withinQuota(tx, scope.company_id, 'image', async () => {
        const id = await q.insertTemplate(tx, {
          campaign_id: scope.id, path, template_json: str(body, 'template_json') || '{}', x, y, width, height, template_width: tw, template_height: th,
        });
        await recordImageBytes(tx, 'template', id, image.bytes.length);
        return id;
      }));
      const links = await q.campaignLinks(sql, scope.id);
      return ok(c, { id, path, event_url: links?.event_url ?? '', campaign_url: links?.friendly_url ?? '' }, 'Template saved successfully.');
    } catch (err) {
      await removeStoredImage(files, path);
      throw err;
    }
  })
  .get('/template/:id', async (c) => ok(c, await templateInScope(c)))
  .put('/template/:id', async (c) => {
    const template = await templateInScope(c);
    const body = await readBody(c);
    validate(body, { template_json: [json, maxLength(20000)], ...Object.fromEntries(POSITION.slice(0, 4).map((f) => [f, [required, numeric]])) }, positionLabels);
    const [x, y, width, height] = POSITION.slice(0, 4).map((f) => Number(str(body, f)));
    checkArea([x, y, width, height, template.template_width, template.template_height]);
    const { company_id } = await campaignInScope(c.var.sql, c.var.user, template.campaign_id);
    await c.var.sql.transaction((tx) => withinQuota(tx, company_id, 'template_json', () =>
      q.updateTemplateArea(tx, template.id, { template_json: str(body, 'template_json') || template.template_json, x, y, width, height })));
    return ok(c, await q.getTemplate(c.var.sql, template.id), 'Template saved successfully.');
  })
  .delete('/template/:id', async (c) => {
    const sql = c.var.sql;
    const template = await q.templateOwner(sql, toId(c.req.param('id')));
    if (!template) throw notFound('Template');
    await campaignInScope(sql, c.var.user, template.campaign_id);
    await sql.transaction((tx) => q.deleteTemplate(tx, template.id));
    await removeLeftovers(c.var.files, [template.path]);
    return ok(c, null, 'Template deleted successfully');
  });
