import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { campaignInScope, inScope, scoped } from '../http/middleware/scope.ts';
import { TemplateAreaInput, TemplateInput } from '../../src/common/contract/organiser.ts';
import * as templates from '../services/templates.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * Templates of image campaigns (organiser-console §2 wizard, §3 "Template", §5 "Template save").
 * Bodies and answers: the wire contract (common/contract/organiser.ts TemplateInput,
 * TemplateAreaInput, SavedTemplate, Template); what each call does: services/templates.ts.
 *
 * - POST template  template_json (JSON text), x, y, width, height, template_width,
 *                  template_height (the image's own pixels), image (data URL, PNG/JPEG/WebP ≤ 2 MB),
 *                  campaign_id -> data { id, path, event_url, campaign_url }
 * - GET template/{id} -> { id, campaign_id, path, template_json, x, y, width, height, template_width, template_height }
 * - PUT template/{id} template_json, x, y, width, height: moves the area of a saved template (same
 *                  rules; the image and its size stay) -> the template
 * - DELETE template/{id}
 *
 * Only image campaigns (type 1) take templates. The area must lie inside the image and have a size.
 * Scoped through the campaign's organiser: 403 for another organiser's, 404 for none. The image and
 * the JSON count towards the organiser's storage quota (lib/files/quota.ts): 422 on `image` (or
 * `template_json`) when the write would pass it.
 */
/** The template the path names and its campaign's organiser, after the access check (404, 403). */
async function templateInScope(c: Context<AppEnv>) {
  const { tenant_owner, ...template } = await inScope<Awaited<ReturnType<typeof templates.findTemplate>>>(
    c.get('sql'),
    c.get('user'),
    'templates',
    toId(c.req.param('id')),
    templates.TEMPLATE_COLUMNS,
  );
  return { template, company_id: tenant_owner! };
}

export const templateRoutes = requireUserOn(new Hono<AppEnv>(), '/template', '/template/*')
  .post('/template', logs('templates'), body(TemplateInput), async (c) => {
    const input = c.req.valid('form');
    const campaign = await campaignInScope(c.get('sql'), c.get('user'), input.campaign_id);
    return ok(c, await templates.saveTemplate(c.get('sql'), c.get('files'), whoOf(c), campaign, input), 'Template saved successfully.');
  })
  .get('/template/:id', async (c) => ok(c, (await templateInScope(c)).template))
  .put('/template/:id', scoped(templateInScope), logs('templates'), body(TemplateAreaInput), async (c) => {
    const { template, company_id } = c.get('scoped');
    return ok(c, await templates.moveArea(c.get('sql'), whoOf(c), template, company_id, c.req.valid('form')), 'Template saved successfully.');
  })
  .delete('/template/:id', logs('templates'), async (c) => {
    const { template, company_id } = await templateInScope(c);
    await templates.deleteTemplate(c.get('sql'), c.get('files'), whoOf(c), template, company_id);
    return ok(c, null, 'Template deleted successfully');
  });
