import { http, qs } from '../../lib/http.ts';

/** What the wizard and the manage-campaign view need of a campaign (organiser-console §3 "Campaign"), with its templates (image paths). */
export interface WizardCampaign {
  id: number;
  title: string;
  type: number;
  event_id: number;
  event_title: string;
  templates: { id: number; path: string }[];
}

/** Template call payload (organiser-console §3 "Template"): positions in the image's own pixels. */
export interface TemplatePayload {
  template_json: string;
  x: number;
  y: number;
  width: number;
  height: number;
  template_width: number;
  template_height: number;
  image: string;
  campaign_id: number;
}
/** What POST template answers (the template and its campaign's links) and a saved template (GET/PUT template/{id}): the wire contract. */
export type { SavedTemplate, Template as SavedArea } from '../../common/contract/templates.ts';
import type { BodyOf } from '../../common/contract/organiser.ts';
import type { SavedTemplate, Template as SavedArea } from '../../common/contract/templates.ts';

/** GET getCampaignDetailById?campaign_id= (organiser-console §7): resolves to the envelope's data (WizardCampaign); rejects with HttpError. */
export const getCampaign = async (campaignId: number) => (await http.get<WizardCampaign>(`getCampaignDetailById${qs({ campaign_id: campaignId })}`)).data;

/** POST template (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const saveTemplate = (t: TemplatePayload) => http.post<SavedTemplate>('template', { ...t } satisfies BodyOf<'POST /api/template'>);

/** GET template/{id} (ours; the spec has no such call): resolves to the envelope's data (SavedArea); rejects with HttpError (404 when there is none, 403 for another organiser's). */
export const getTemplate = async (id: number) => (await http.get<SavedArea>(`template/${id}`)).data;
/** PUT template/{id}: moves the area and restyles it; the image stays. */
export const updateTemplate = (id: number, t: Pick<TemplatePayload, 'template_json' | 'x' | 'y' | 'width' | 'height'>) =>
  http.put<SavedArea>(`template/${id}`, { ...t } satisfies BodyOf<'PUT /api/template/{id}'>);
