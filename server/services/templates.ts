import type { Sql } from '../db/sql.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import { Invalid, NotFound } from '../runtime/domain-errors.ts';
import { removeLeftovers, withStoredImage } from '../lib/files/images.ts';
import { withinQuota } from '../lib/files/quota.ts';
import { recordImageBytes } from '../db/queries/storage.ts';
import * as q from '../db/queries/templates.ts';
import { recordActivity, recordCreate, type Who } from '../lib/activity/record.ts';
import { readRecord } from '../lib/activity/activity-records.ts';
import { areaProblem, type SavedTemplate, type Template, type TemplateAreaInput, type TemplateInput } from '../../src/common/contract/templates.ts';

/**
 * What the template calls do (organiser-console §2 wizard, §3 "Template", §5 "Template save"):
 * save a template of an image campaign (its image stored first and removed again when the write
 * fails; image and JSON counted against the organiser's storage quota, 422 on `image` /
 * `template_json` past it), move a saved template's transparent area (inside the image: the
 * contract's areaProblem), delete one with its image. routes/templates.ts checks who asks (the
 * campaign's organiser) and reads the input (common/contract/templates.ts TemplateInput, TemplateAreaInput).
 */

/** Template `id` with its campaign; 404 "Template not found." when there is none. */
/** A template's columns as answered (the scope check reads them: routes/templates.ts). */
export const TEMPLATE_COLUMNS = q.TEMPLATE_COLUMNS;

export async function findTemplate(sql: Sql, id: number): Promise<Template> {
  const template = await q.getTemplate(sql, id);
  if (!template) throw new NotFound('Template');
  return template;
}

/** Saves a template of campaign `campaign` (type 1 image only: 422 on campaign_id otherwise); resolves to it with the campaign's links. */
export async function saveTemplate(
  sql: Sql,
  files: FileStore,
  who: Who,
  campaign: { id: number; type: number; company_id: number },
  input: TemplateInput,
): Promise<SavedTemplate> {
  if (campaign.type !== 1) throw new Invalid({ campaign_id: ['Templates can only be added to image campaigns.'] });
  const { result: id, url: path } = await withStoredImage(sql, files, campaign.company_id, input.image, 'image', 'templates', async (tx, path, bytes) => {
    if (!path) throw new Invalid({ image: ['The image field is required.'] });
    const id = await q.insertTemplate(tx, {
      campaign_id: campaign.id,
      path,
      template_json: input.template_json || '{}',
      x: input.x,
      y: input.y,
      width: input.width,
      height: input.height,
      template_width: input.template_width,
      template_height: input.template_height,
    });
    await recordImageBytes(tx, 'template', id, bytes);
    await recordCreate(tx, who, 'templates', id, { resource: 'templates', label: path, organiserId: campaign.company_id });
    return id;
  });
  const links = await q.campaignLinks(sql, campaign.id);
  return { id, path, event_url: links?.event_url ?? '', campaign_url: links?.friendly_url ?? '' };
}

/** Moves `template`'s area (422 on x when it leaves the image) and optionally replaces its JSON, within organiser `companyId`'s quota; resolves to it after. */
export async function moveArea(sql: Sql, who: Who, template: Template, companyId: number, input: TemplateAreaInput): Promise<Template> {
  const problem = areaProblem(input.x, input.y, input.width, input.height, template.template_width, template.template_height);
  if (problem) throw new Invalid({ x: [problem] });
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'templates', template.id, { lock: true });
    if (!before) throw new NotFound('Template');
    await withinQuota(tx, companyId, 'template_json', () =>
      q.updateTemplateArea(tx, companyId, template.id, {
        template_json: input.template_json || template.template_json,
        x: input.x,
        y: input.y,
        width: input.width,
        height: input.height,
      }),
    );
    await recordActivity(tx, who, {
      resource: 'templates',
      action: 'update',
      id: template.id,
      label: template.path,
      organiserId: companyId,
      before,
      after: await readRecord(tx, 'templates', template.id),
    });
  });
  return findTemplate(sql, template.id);
}

/** Deletes `template` and then its stored image. */
export async function deleteTemplate(sql: Sql, files: FileStore, who: Who, template: { id: number; path: string }, companyId: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const before = await readRecord(tx, 'templates', template.id);
    if (!before) throw new NotFound('Template');
    if (!(await q.deleteTemplate(tx, companyId, template.id))) throw new NotFound('Template');
    await recordActivity(tx, who, { resource: 'templates', action: 'delete', id: template.id, label: template.path, organiserId: companyId, before });
  });
  await removeLeftovers(files, [template.path]);
}
