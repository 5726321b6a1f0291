import '../../lib/messages/campaigns.ts';
import { HttpError, TimeoutError } from '../../lib/http.ts';
import { t } from '../../lib/i18n.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { errorMessages } from '../../lib/error-catalogue.ts';

/** Which step of the submission failed (organiser-console §4 "Creating a campaign"). */
export type CampaignStep = 'recognition' | 'bib' | 'campaign';

/** A failed submission: the step, the message the user sees, and the cause. */
export class CampaignStepError extends Error {
  constructor(
    readonly step: CampaignStep,
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/**
 * The calls of one submission. `findCampaign` asks the API for the campaign carrying a
 * recognition event id (null when there is none); it settles a campaign POST whose answer was lost.
 */
export interface CreateSteps {
  createRecognitionEvent(): Promise<number>;
  saveBibFilter(recognitionId: number): Promise<unknown>;
  createCampaign(recognitionId: number): Promise<number>;
  findCampaign(recognitionId: number): Promise<number | null>;
  deleteRecognitionEvent(recognitionId: number): Promise<unknown>;
}

/** The sentence of a step that failed on create, with its `{reason}`. */
const STEP_TEXT: Record<CampaignStep, MessageKey> = {
  recognition: 'campaigns.steps.createRecognition',
  bib: 'campaigns.steps.saveBib',
  campaign: 'campaigns.steps.createCampaign',
};

/** Why a call failed, in words: the validation messages, the server's message, "did not answer" or "could not be reached". */
export function reason(err: unknown): string {
  if (!(err instanceof HttpError)) return err instanceof Error ? err.message : t('campaigns.reason.unknown');
  if (err instanceof TimeoutError) return t('campaigns.reason.timeout', { seconds: err.seconds });
  if (err.status === 0) return t('campaigns.reason.unreachable');
  const words = errorMessages(err);
  return words.length ? words.join(' ') : err.message;
}

/**
 * True when a failed call may still have been carried out: no answer came (network failure,
 * timeout) or a gateway in front of the server answered instead of it (502, 503, 504).
 */
export const outcomeUnknown = (err: unknown) => err instanceof HttpError && (err.status === 0 || err.status >= 502);

/**
 * Runs the three steps in order: create the photo-recognition event, save its BIB filter, create
 * the campaign with that event's id. Resolves to the campaign id. When the BIB filter or the
 * campaign fails, the recognition event just made is deleted again, so nothing half-made is left
 * (docs/campaigns.md); if even that fails, the message says which event is left over.
 * A campaign call whose outcome is unknown is settled first by asking the API: if the campaign
 * exists it is the result and nothing is deleted; if the API cannot tell, the event is kept
 * (a campaign may point at it) and the message says so. Rejects with CampaignStepError.
 */
export async function createCampaignInSteps(steps: CreateSteps): Promise<number> {
  let recognitionId: number;
  try {
    recognitionId = await steps.createRecognitionEvent();
  } catch (err) {
    throw new CampaignStepError('recognition', t(STEP_TEXT.recognition, { reason: reason(err) }), err);
  }
  let step: CampaignStep = 'bib';
  try {
    await steps.saveBibFilter(recognitionId);
    step = 'campaign';
    return await steps.createCampaign(recognitionId);
  } catch (err) {
    let message = t(STEP_TEXT[step], { reason: reason(err) });
    if (step === 'campaign' && outcomeUnknown(err)) {
      let found: number | null;
      try {
        found = await steps.findCampaign(recognitionId);
      } catch {
        message += ` ${t('campaigns.steps.unknownKept', { id: String(recognitionId) })}`;
        throw new CampaignStepError(step, message, err);
      }
      if (found !== null) return found;
    }
    try {
      await steps.deleteRecognitionEvent(recognitionId);
    } catch {
      message += ` ${t('campaigns.steps.notRemoved', { id: String(recognitionId) })}`;
    }
    throw new CampaignStepError(step, message, err);
  }
}
