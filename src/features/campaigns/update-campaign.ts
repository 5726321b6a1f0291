import '../../lib/messages/campaigns.ts';
import { t } from '../../lib/i18n.ts';
import { CampaignStepError, outcomeUnknown, reason } from './create-campaign.ts';

/**
 * The calls of one campaign edit. The recognition calls are given the settings to write, so a
 * failed later step can put the earlier ones back (`before`).
 */
export interface UpdateSteps {
  /** Photo-recognition settings before and after; equal JSON means the event is left alone. */
  recognition: { before: object; after: object };
  bib: { before: object; after: object };
  updateRecognitionEvent(payload: object): Promise<unknown>;
  saveBibFilter(payload: object): Promise<unknown>;
  updateCampaign(): Promise<unknown>;
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves a campaign edit with the creation's rule that nothing is left half-made
 * (docs/campaigns.md): the photo-recognition event is updated only when its settings changed,
 * then the BIB filter when it changed, then the campaign (PUT campaign/{id}). When a later step
 * fails, the recognition changes already made are put back; if that fails too, the message says
 * the photo-recognition settings may differ. A campaign call whose outcome is unknown keeps them
 * (the campaign may hold the new values) and says so. Rejects with CampaignStepError.
 */
export async function updateCampaignInSteps(s: UpdateSteps): Promise<void> {
  const eventChanged = !same(s.recognition.before, s.recognition.after);
  const bibChanged = !same(s.bib.before, s.bib.after);
  if (eventChanged) {
    try {
      await s.updateRecognitionEvent(s.recognition.after);
    } catch (err) {
      throw new CampaignStepError('recognition', t('campaigns.steps.updateRecognition', { reason: reason(err) }), err);
    }
  }
  const undo = async (message: string, err: unknown, step: 'bib' | 'campaign') => {
    try {
      if (step === 'campaign' && bibChanged) await s.saveBibFilter(s.bib.before);
      if (eventChanged) await s.updateRecognitionEvent(s.recognition.before);
    } catch {
      message += ` ${t('campaigns.steps.notPutBack')}`;
    }
    throw new CampaignStepError(step, message, err);
  };
  if (bibChanged) {
    try {
      await s.saveBibFilter(s.bib.after);
    } catch (err) {
      return undo(t('campaigns.steps.saveBib', { reason: reason(err) }), err, 'bib');
    }
  }
  try {
    await s.updateCampaign();
  } catch (err) {
    const message = t('campaigns.steps.updateCampaign', { reason: reason(err) });
    if (outcomeUnknown(err)) throw new CampaignStepError('campaign', `${message} ${t('campaigns.steps.unknownUpdate')}`, err);
    return undo(message, err, 'campaign');
  }
}
