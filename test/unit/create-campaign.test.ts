import { test } from 'uvu';
import { activateLocale } from '../../src/lib/i18n.ts';
import * as assert from 'uvu/assert';
import { createCampaignInSteps, CampaignStepError, type CreateSteps } from '../../src/features/campaigns/create-campaign.ts';
import { HttpError, TimeoutError } from '../../src/lib/http.ts';

// The Add Campaign submission (docs/campaigns.md): three calls in order, a named step on failure,
// no recognition event left behind, and none deleted that a saved campaign may point at.

const steps = (fail: Partial<Record<keyof CreateSteps, unknown>> = {}, existing: number | null = null) => {
  const calls: string[] = [];
  const step =
    <T>(name: keyof CreateSteps, value: T) =>
    async () => {
      calls.push(name);
      if (fail[name]) throw fail[name];
      return value;
    };
  const s: CreateSteps = {
    createRecognitionEvent: step('createRecognitionEvent', 5),
    saveBibFilter: step('saveBibFilter', null),
    createCampaign: step('createCampaign', 9),
    findCampaign: step('findCampaign', existing),
    deleteRecognitionEvent: step('deleteRecognitionEvent', null),
  };
  return { s, calls };
};

test('the submission runs recognition event, BIB filter, campaign in order', async () => {
  const { s, calls } = steps();
  assert.is(await createCampaignInSteps(s), 9);
  assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'createCampaign']);
});

test('an unreachable recognition service stops before anything is created', async () => {
  const { s, calls } = steps({ createRecognitionEvent: new HttpError(0, null, 'offline') });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.instance(err, CampaignStepError);
  assert.is(err.step, 'recognition');
  assert.match(err.message, /^Could not create the event in the photo-recognition service: the service could not be reached/);
  assert.equal(calls, ['createRecognitionEvent']);
});

test('a French reader is told in French which step failed and why', async () => {
  await activateLocale('fr', false);
  try {
    const { s } = steps({ createRecognitionEvent: new HttpError(0, null, 'offline') });
    const err = await createCampaignInSteps(s).catch((e) => e);
    assert.is(
      err.message,
      'Impossible de créer l’événement dans le service de reconnaissance photo : le service est injoignable. Vérifiez votre connexion et réessayez.',
    );
  } finally {
    await activateLocale('en', false);
  }
});

test('a failed campaign step deletes the recognition event and names the step with the server message', async () => {
  const body = { status: 'validation_error', message: 'x', data: null, errors: { subdomain: ['The subdomain has already been taken.'] } };
  const { s, calls } = steps({ createCampaign: new HttpError(422, body) });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.is(err.message, 'Could not create the campaign: The subdomain has already been taken.');
  assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'createCampaign', 'deleteRecognitionEvent']);
});

test('when even the clean-up fails the message says which recognition event is left', async () => {
  const { s } = steps({ saveBibFilter: new Error('boom'), deleteRecognitionEvent: new Error('gone') });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.is(err.step, 'bib');
  assert.match(
    err.message,
    /^Could not save the BIB filter in the photo-recognition service: boom The unfinished photo-recognition event 5 could not be removed\.$/,
  );
});

test('a recognition call that times out names the step and the time limit, and creates nothing more', async () => {
  const { s, calls } = steps({ createRecognitionEvent: new TimeoutError(15) });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.is(
    err.message,
    'Could not create the event in the photo-recognition service: the service did not answer within 15 seconds. Check your connection and try again.',
  );
  assert.equal(calls, ['createRecognitionEvent']);
});

test('a timed-out BIB filter removes the recognition event without asking for a campaign', async () => {
  const { s, calls } = steps({ saveBibFilter: new TimeoutError(15) });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.is(err.step, 'bib');
  assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'deleteRecognitionEvent']);
});

test('campaign answer lost but the campaign exists: it is the result and the recognition event is kept', async () => {
  for (const lost of [new TimeoutError(30), new HttpError(0, null, 'offline'), new HttpError(504, null)]) {
    const { s, calls } = steps({ createCampaign: lost }, 12);
    assert.is(await createCampaignInSteps(s), 12);
    assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'createCampaign', 'findCampaign']);
  }
});

test('campaign answer lost and no campaign exists: the recognition event is removed and the error shown', async () => {
  const { s, calls } = steps({ createCampaign: new HttpError(0, null, 'offline') }, null);
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.match(err.message, /^Could not create the campaign: the service could not be reached/);
  assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'createCampaign', 'findCampaign', 'deleteRecognitionEvent']);
});

test('campaign answer lost and the lookup fails too: nothing is deleted and the message says why', async () => {
  const { s, calls } = steps({ createCampaign: new TimeoutError(30), findCampaign: new HttpError(0, null, 'offline') });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.match(err.message, /It is not known whether the campaign was saved, so the photo-recognition event 5 was kept\./);
  assert.not.ok(calls.includes('deleteRecognitionEvent'));
});

test('a campaign refused with an answer (422) is cleaned up without a lookup', async () => {
  const { s, calls } = steps({ createCampaign: new HttpError(422, { status: 'validation_error', message: 'Bad.', data: null }) }, 12);
  await createCampaignInSteps(s).catch(() => undefined);
  assert.equal(calls, ['createRecognitionEvent', 'saveBibFilter', 'createCampaign', 'deleteRecognitionEvent']);
});

test.run();
