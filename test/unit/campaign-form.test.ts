import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  EMPTY_FORM, FIELD_EMPTY, TITLE_SHORT, TOLERANCES, bibPayload, campaignPayload, fieldErrors, formReducer, initForm, recognitionPayload, subdomainPreview, visibleError,
  type CampaignForm,
} from '../../src/features/campaigns/campaign-form-state.ts';
import { createCampaignInSteps, CampaignStepError, type CreateSteps } from '../../src/features/campaigns/create-campaign.ts';
import { dropboxPlayable, videoId } from '../../src/features/campaigns/video-links.ts';
import { HttpError, TimeoutError } from '../../src/lib/http.ts';

const filled: CampaignForm = { ...EMPTY_FORM, title: 'City Run', location: 'Park', organizer: 'Club', description: 'Run', subdomain: 'city-run', camp_date: '2030-05-01' };

test('tolerances are default 0 then 0.3 to 0.65 by 0.05', () => {
  assert.equal(TOLERANCES, ['0', '0.3', '0.35', '0.4', '0.45', '0.5', '0.55', '0.6', '0.65']);
});

test('the spec messages: empty fields and a short title', () => {
  const e = fieldErrors(EMPTY_FORM);
  for (const k of ['title', 'location', 'organizer', 'description', 'subdomain', 'camp_date'] as const) assert.is(e[k], FIELD_EMPTY, k);
  assert.is(fieldErrors({ ...filled, title: 'Run' }).title, TITLE_SHORT);
  assert.equal(fieldErrors(filled), {});
  const range = { ...filled, single_day: false, startDate: '2030-05-02', endDate: '' };
  assert.is(fieldErrors(range).endDate, FIELD_EMPTY);
  assert.ok(fieldErrors({ ...range, endDate: '2030-05-01' }).endDate);
});

test('errors show only for touched or changed fields', () => {
  let s = initForm();
  const errors = fieldErrors(s.form);
  assert.is(visibleError(s, errors, 'title'), undefined);
  s = formReducer(s, { type: 'touch', field: 'title' });
  assert.is(visibleError(s, fieldErrors(s.form), 'title'), FIELD_EMPTY);
  s = formReducer(s, { type: 'set', patch: { location: 'x' } });
  assert.ok(s.touched.location);
});

test('single-day mode sends the campaign date as both dates; the range sends its own', () => {
  assert.equal([recognitionPayload(filled).from_date, recognitionPayload(filled).to_date], ['2030-05-01', '2030-05-01']);
  const range = { ...filled, single_day: false, startDate: '2030-05-02', endDate: '2030-05-04' };
  const c = campaignPayload(range, 7, 42, 'example.app');
  assert.equal([c.start_date, c.end_date, c.event_id, c.image_console_id], ['2030-05-02', '2030-05-04', 7, '42']);
});

test('payment slab 0 is sent empty and only sales types send a slab', () => {
  assert.is(recognitionPayload({ ...filled, sale_event: '1', payment_slab: '0' }).payment, '');
  assert.is(recognitionPayload({ ...filled, sale_event: '1', payment_slab: '2' }).payment, '2');
  assert.is(recognitionPayload({ ...filled, sale_event: '0', payment_slab: '2' }).payment, '');
  assert.is(recognitionPayload({ ...filled, sale_event: '2' }).is_sales_combined, true);
});

test('BIB numbers are sent only when BIB-present is ticked', () => {
  const f = { ...filled, bib_start_range: '10', bib_end_range: '99', bib_number_prefix: 'A' };
  assert.equal(bibPayload(f), { bib_start_range: '', bib_end_range: '', bib_prefix: '', bib_suffix: '', bib_length: '', is_bib_present: false });
  assert.equal(bibPayload({ ...f, is_bib_number_present: true }).bib_end_range, '99');
});

test('the subdomain preview is {subdomain}.{host}, lower case', () => {
  assert.is(subdomainPreview('City-Run', 'example.app'), 'city-run.example.app');
  assert.is(campaignPayload(filled, 1, 1, 'example.app').event_url, 'https://city-run.example.app');
});

const steps = (fail: Partial<Record<keyof CreateSteps, unknown>> = {}, existing: number | null = null) => {
  const calls: string[] = [];
  const step = <T>(name: keyof CreateSteps, value: T) => async () => { calls.push(name); if (fail[name]) throw fail[name]; return value; };
  const s: CreateSteps = {
    createRecognitionEvent: step('createRecognitionEvent', 5), saveBibFilter: step('saveBibFilter', null),
    createCampaign: step('createCampaign', 9), findCampaign: step('findCampaign', existing),
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
  assert.match(err.message, /^Could not save the BIB filter in the photo-recognition service: boom The unfinished photo-recognition event 5 could not be removed\.$/);
});

test('a recognition call that times out names the step and the time limit, and creates nothing more', async () => {
  const { s, calls } = steps({ createRecognitionEvent: new TimeoutError(15) });
  const err = await createCampaignInSteps(s).catch((e) => e);
  assert.is(err.message, 'Could not create the event in the photo-recognition service: the service did not answer within 15 seconds. Check your connection and try again.');
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

test('video links: Dropbox dl=0 becomes raw=1; a video id must have 11 characters', () => {
  assert.is(dropboxPlayable('https://www.dropbox.com/s/a/v.mp4?dl=0'), 'https://www.dropbox.com/s/a/v.mp4?raw=1');
  assert.is(videoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ'), 'aqz-KE-bpKQ');
  assert.is(videoId('https://youtu.be/aqz-KE-bpKQ?t=3'), 'aqz-KE-bpKQ');
  assert.is(videoId('https://www.youtube.com/watch?v=short'), 'error');
  assert.is(videoId('not a link'), 'error');
});

test.run();
