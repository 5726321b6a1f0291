import { z } from 'zod';
import { fieldIssue, Id, recordIdField, requiredNumber, textWith } from './base.ts';
import { atMost, type Check, isRequired } from './checks.ts';

/**
 * The templates' part of the wire contract (organiser-console §3 "Template", §5): the bodies of
 * POST template and PUT template/{id}, the transparent-area rule they share, and the saved
 * template as the API answers it.
 */

const isJson: Check = (s) => {
  if (s === '') return null;
  try {
    JSON.parse(s);
    return null;
  } catch {
    return 'The :attribute must be valid JSON.';
  }
};
const templateJson = textWith(isJson, atMost(20_000)).optional();
/** The transparent-area rule: the message when the area (x, y, width, height) has no size or leaves the image (tw × th pixels; half a pixel of rounding allowed). */
export function areaProblem(x: number, y: number, width: number, height: number, tw: number, th: number): string | null {
  return width <= 0 || height <= 0 || x < 0 || y < 0 || tw <= 0 || th <= 0 || x + width > tw + 0.5 || y + height > th + 0.5
    ? 'The transparent area must lie inside the template image.'
    : null;
}
/** POST template: template_json (JSON text ≤ 20,000), the area x, y, width, height inside template_width × template_height (image pixels), image (data URL), campaign_id. */
export const TemplateInput = z
  .object({
    campaign_id: recordIdField,
    image: textWith(isRequired),
    template_json: templateJson,
    x: requiredNumber,
    y: requiredNumber,
    width: requiredNumber,
    height: requiredNumber,
    template_width: requiredNumber,
    template_height: requiredNumber,
  })
  .superRefine((v, ctx) => {
    const area = [v.x, v.y, v.width, v.height, v.template_width, v.template_height];
    if (!area.every((n) => typeof n === 'number' && Number.isFinite(n))) return;
    const m = areaProblem(v.x, v.y, v.width, v.height, v.template_width, v.template_height);
    if (m) fieldIssue(ctx, 'x', m);
  });
export type TemplateInput = z.output<typeof TemplateInput>;
/** PUT template/{id}: the area (the image and its size stay: the service checks it against them) and optionally the editor's JSON. */
export const TemplateAreaInput = z.object({ template_json: templateJson, x: requiredNumber, y: requiredNumber, width: requiredNumber, height: requiredNumber });
export type TemplateAreaInput = z.output<typeof TemplateAreaInput>;
/** What POST template answers: the template and its campaign's links. */
export const SavedTemplate = z.object({ id: Id, path: z.string(), event_url: z.string(), campaign_url: z.string() });
export type SavedTemplate = z.infer<typeof SavedTemplate>;
/** A saved template: image path, area and size in image pixels, the editor's JSON. */
export const Template = z.object({
  id: Id,
  campaign_id: Id,
  path: z.string(),
  template_json: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  template_width: z.number(),
  template_height: z.number(),
});
export type Template = z.infer<typeof Template>;
