import { http, qs } from '../../lib/http.ts';

/** What the wizard needs of its campaign (organiser-console §3 "Campaign"). */
export interface WizardCampaign { id: number; title: string; type: number; event_id: number; event_title: string }

/** Template call payload (organiser-console §3 "Template"): positions in the image's own pixels. */
export interface TemplatePayload {
  template_json: string; x: number; y: number; width: number; height: number;
  template_width: number; template_height: number; image: string; campaign_id: number;
}
/** What POST template answers: the template and its campaign's links. */
export interface SavedTemplate { id: number; path: string; event_url: string; campaign_url: string }

/** GET getCampaignDetailById?campaign_id= (organiser-console §7): resolves to the envelope's data (WizardCampaign); rejects with HttpError. */
export const getCampaign = async (campaignId: number) =>
  (await http.get<WizardCampaign>(`getCampaignDetailById${qs({ campaign_id: campaignId })}`)).data;

/** POST template (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const saveTemplate = (t: TemplatePayload) => http.post<SavedTemplate>('template', { ...t });
