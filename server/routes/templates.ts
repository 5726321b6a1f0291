import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, readBody, toId } from '../lib/envelope.ts';
import { maxLength, numeric, required, str, validate, type Rule, recordId } from '../lib/validate.ts';
import { decodeImage, removeLeftovers, removeStoredImage, storeImage } from '../lib/images.ts';
import { requireUser } from '../middleware/auth.ts';
import * as q from '../db/queries/templates.ts';
import { campaignInScope } from '../middleware/scope.ts';

const json: Rule = (v, l) => {
  if (v === undefined || v === '') return null;
  try { JSON.parse(String(v)); return null; } catch { return `The ${l} must be valid JSON.`; }
};
const POSITION = ['x', 'y', 'width', 'height', 'template_width', 'template_height'] as const;

/**
 * Templates of image campaigns (organiser-console §2 wizard, §3 "Template", §5 "Template save"):
 *
 * - POST template  form template_json (JSON text), x, y, width, height, template_width,
 *                  template_height (the image's own pixels), image (data URL, PNG/JPEG/WebP ≤ 2 MB),
 *                  campaign_id -> data { id, path, event_url, campaign_url }
 * - DELETE template/{id}
 *
 * Only image campaigns (type 1) take templates. The area must lie inside the image and have a size; the template size must match the image's.
 * Scoped through the campaign's organiser: 403 for another organiser's, 404 for none.
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
    }, { campaign_id: 'campaign id', template_json: 'template json', template_width: 'template width', template_height: 'template height' });
    const [x, y, width, height, tw, th] = POSITION.map((f) => Number(str(body, f)));
    if (width <= 0 || height <= 0 || x < 0 || y < 0 || tw <= 0 || th <= 0 || x + width > tw + 0.5 || y + height > th + 0.5) {
      throw validationError({ x: ['The transparent area must lie inside the template image.'] });
    }
    const scope = await campaignInScope(sql, c.var.user, toId(str(body, 'campaign_id')));
    if (scope.type !== 1) throw validationError({ campaign_id: ['Templates can only be added to image campaigns.'] });
    const image = decodeImage(body.image, 'image');
    if (!image) throw validationError({ image: ['The image field is required.'] });
    const files = c.var.files;
    const path = await storeImage(files, image, 'templates');
    try {
      const id = await sql.transaction((tx) => q.insertTemplate(tx, {
        campaign_id: scope.id, path, template_json: str(body, 'template_json') || '{}', x, y, width, height, template_width: tw, template_height: th,
      }));
      const links = await q.campaignLinks(sql, scope.id);
      return ok(c, { id, path, event_url: links?.event_url ?? '', campaign_url: links?.friendly_url ?? '' }, 'Template saved successfully.');
    } catch (err) {
      await removeStoredImage(files, path);
      throw err;
    }
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
