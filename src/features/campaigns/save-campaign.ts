import '../../lib/messages/campaigns.ts';
import { t } from '../../lib/i18n.ts';
import type { CampaignForm } from './campaign-form-state.ts';
import { bibPayload, campaignPayload, recognitionPayload } from './campaign-payloads.ts';
import { formOfCampaign } from './saved-campaign.ts';
import { createCampaignInSteps } from './create-campaign.ts';
import { updateCampaignInSteps } from './update-campaign.ts';
import * as api from './api.ts';

/**
 * Saves the campaign form `f` for event `eventId` (organiser-console §3, §7): a new campaign in
 * the creation's steps (create-campaign.ts), or, when `campaign` is given, its edit in the
 * update's steps (update-campaign.ts; the recognition event and BIB filter only where they
 * changed, and only when the campaign is linked to a recognition event). `host` is the client
 * app's host for the event URL. Resolves to the success toast's words; rejects with
 * CampaignStepError.
 */
export async function saveCampaign(f: CampaignForm, eventId: number, host: string, campaign?: api.CampaignDetail): Promise<string> {
  if (campaign) {
    const old = formOfCampaign(campaign);
    const id = Number(campaign.image_console_id);
    const linked = Number.isInteger(id) && id > 0;
    await updateCampaignInSteps({
      recognition: linked ? { before: recognitionPayload(old), after: recognitionPayload(f) } : { before: {}, after: {} },
      bib: linked ? { before: bibPayload(old), after: bibPayload(f) } : { before: {}, after: {} },
      updateRecognitionEvent: (payload) => api.updateRecognitionEvent(id, payload),
      saveBibFilter: (payload) => api.saveBibFilter(id, payload),
      updateCampaign: () => {
        const { event_id: _, ...p } = campaignPayload(f, eventId, 0, host);
        return api.updateCampaign(campaign.id, { ...p, image_console_id: campaign.image_console_id });
      },
    });
    return t('campaigns.saved.updated');
  }
  await createCampaignInSteps({
    createRecognitionEvent: () => api.createRecognitionEvent(recognitionPayload(f)),
    saveBibFilter: (id) => api.saveBibFilter(id, bibPayload(f)),
    createCampaign: async (id) => (await api.createCampaign(campaignPayload(f, eventId, id, host))).data.id,
    findCampaign: (id) => api.findCampaignByRecognitionId(eventId, id),
    deleteRecognitionEvent: (id) => api.deleteRecognitionEvent(id),
  });
  return t('campaigns.saved.created');
}
