import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { updateCampaignInSteps, type UpdateSteps } from '../../src/features/campaigns/update-campaign.ts';
import { CampaignStepError } from '../../src/features/campaigns/create-campaign.ts';
import { HttpError } from '../../src/lib/http.ts';

// A campaign edit (docs/campaigns.md): recognition calls only where settings changed, and what
// was changed put back when a later step fails, so nothing is left half-changed.

const OLD = { location: 'Kochi' };
const NEW = { location: 'Goa' };
const steps = (o: { event?: boolean; bib?: boolean; fail?: Partial<Record<'recognition' | 'bib' | 'campaign' | 'undo', unknown>> } = {}) => {
  const calls: string[] = [];
  let recognitionCalls = 0;
  const s: UpdateSteps = {
    recognition: { before: OLD, after: o.event ? NEW : OLD },
    bib: { before: { is_bib_present: false }, after: { is_bib_present: !!o.bib } },
    updateRecognitionEvent: async (p) => {
      calls.push(`event:${(p as typeof OLD).location}`);
      if (recognitionCalls++ === 0 && o.fail?.recognition) throw o.fail.recognition;
      if (recognitionCalls > 1 && o.fail?.undo) throw o.fail.undo;
    },
    saveBibFilter: async (p) => {
      calls.push(`bib:${(p as { is_bib_present: boolean }).is_bib_present}`);
      if (o.fail?.bib && (p as { is_bib_present: boolean }).is_bib_present) throw o.fail.bib;
    },
    updateCampaign: async () => {
      calls.push('campaign');
      if (o.fail?.campaign) throw o.fail.campaign;
    },
  };
  return { s, calls };
};
const refused = new HttpError(
  422,
  { status: 'validation_error', message: 'The given data was invalid.', data: null, errors: { subdomain: ['The subdomain has already been taken.'] } },
  'invalid',
);

test('an edit that changes only campaign fields makes no recognition call', async () => {
  const { s, calls } = steps();
  await updateCampaignInSteps(s);
  assert.equal(calls, ['campaign']);
});

test('changed settings update the recognition event and the BIB filter before the campaign', async () => {
  const { s, calls } = steps({ event: true, bib: true });
  await updateCampaignInSteps(s);
  assert.equal(calls, ['event:Goa', 'bib:true', 'campaign']);
});

test('a refused campaign puts the BIB filter and the recognition event back and names the step', async () => {
  const { s, calls } = steps({ event: true, bib: true, fail: { campaign: refused } });
  const err = await updateCampaignInSteps(s).catch((e) => e);
  assert.instance(err, CampaignStepError);
  assert.is(err.message, 'Could not update the campaign: The subdomain has already been taken.');
  assert.equal(calls, ['event:Goa', 'bib:true', 'campaign', 'bib:false', 'event:Kochi']);
});

test('a failed BIB filter puts the recognition event back; a failed put-back is said', async () => {
  const { s, calls } = steps({ event: true, bib: true, fail: { bib: refused, undo: new HttpError(0, null, 'offline') } });
  const err = await updateCampaignInSteps(s).catch((e) => e);
  assert.is(err.step, 'bib');
  assert.match(err.message, /^Could not save the BIB filter in the photo-recognition service: .* could not be put back/);
  assert.equal(calls, ['event:Goa', 'bib:true', 'event:Kochi']);
});

test('a lost campaign answer keeps the recognition changes and says the outcome is unknown', async () => {
  const { s, calls } = steps({ event: true, fail: { campaign: new HttpError(0, null, 'offline') } });
  const err = await updateCampaignInSteps(s).catch((e) => e);
  assert.match(err.message, /It is not known whether the campaign was saved/);
  assert.equal(calls, ['event:Goa', 'campaign']);
});

test.run();
