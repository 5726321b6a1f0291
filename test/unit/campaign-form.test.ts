import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  EMPTY_FORM,
  FIELD_EMPTY,
  TITLE_SHORT,
  TOLERANCES,
  errorSummary,
  fieldErrors,
  formReducer,
  initForm,
  visibleError,
  type CampaignForm,
} from '../../src/features/campaigns/campaign-form-state.ts';
import { bibPayload, campaignPayload, recognitionPayload } from '../../src/features/campaigns/campaign-payloads.ts';
import { searchesPhotos, subdomainPreview } from '../../src/features/campaigns/campaign-kinds.ts';
import { dropboxPlayable, videoId } from '../../src/features/campaigns/video-links.ts';
import { sponsorList, sponsorsText } from '../../src/common/campaign-settings.ts';
import { typeLabel } from '../../src/features/campaigns/conference-users.tsx';

const filled: CampaignForm = {
  ...EMPTY_FORM,
  title: 'City Run',
  location: 'Park',
  organizer: 'Club',
  description: 'Run',
  subdomain: 'city-run',
  camp_date: '2030-05-01',
};

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

test('a Video campaign searches no photos: its BIB numbers neither block the form nor are sent', () => {
  assert.equal([1, 2, 3, 4].map(searchesPhotos), [true, false, true, true]);
  const bib = { ...filled, is_bib_number_present: true, bib_start_range: '9', bib_end_range: '1', bib_length: 'x' };
  assert.ok(Object.keys(fieldErrors(bib)).length > 0, 'an Image campaign checks them');
  const video = { ...bib, campaign_type: '2' };
  assert.equal(fieldErrors(video), {});
  assert.equal([bibPayload(video).is_bib_present, bibPayload(video).bib_start_range], [false, '']);
  assert.is(campaignPayload(video, 1, 1, 'example.app').is_bib_number_present, 0);
});

test('the subdomain preview is {subdomain}.{host}, lower case', () => {
  assert.is(subdomainPreview('City-Run', 'example.app'), 'city-run.example.app');
  assert.is(campaignPayload(filled, 1, 1, 'example.app').event_url, 'https://city-run.example.app');
});

test('video links: Dropbox dl=0 becomes raw=1; a video id must have 11 characters', () => {
  assert.is(dropboxPlayable('https://www.dropbox.com/s/a/v.mp4?dl=0'), 'https://www.dropbox.com/s/a/v.mp4?raw=1');
  assert.is(videoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ'), 'aqz-KE-bpKQ');
  assert.is(videoId('https://youtu.be/aqz-KE-bpKQ?t=3'), 'aqz-KE-bpKQ');
  assert.is(videoId('https://www.youtube.com/watch?v=short'), 'error');
  assert.is(videoId('not a link'), 'error');
});

test('sponsors are split on commas, trimmed and empty entries dropped, in what is sent and what is stored', () => {
  assert.equal(sponsorList('Acme Sports, Fizzy Drinks ,'), ['Acme Sports', 'Fizzy Drinks']);
  assert.equal(sponsorList(' , ,'), []);
  assert.is(sponsorsText(' Acme ,,Globex , '), 'Acme, Globex');
  const f = { ...filled, sponsors: 'Acme Sports, Fizzy Drinks ,' };
  assert.equal(recognitionPayload(f).sponsors, ['Acme Sports', 'Fizzy Drinks']);
  assert.is(campaignPayload(f, 1, 2, 'example.app').sponsors, 'Acme Sports, Fizzy Drinks');
});

test('the summary beside Submit says fields are empty only when one is, and names the others by label', () => {
  assert.is(errorSummary({}), '');
  assert.is(errorSummary(fieldErrors({ ...filled, is_bib_number_present: true, bib_length: 'zz' })), 'BIB Length is not valid');
  assert.is(errorSummary({ endDate: 'x', startDate: 'y' }), 'Start Date, End Date are not valid');
  assert.is(
    errorSummary(fieldErrors({ ...filled, title: '', bib_length: 'zz', is_bib_number_present: true })),
    'Some required fields are empty; BIB Length is not valid',
  );
  assert.is(errorSummary(fieldErrors({ ...filled, location: '' })), 'Some required fields are empty');
});

test('conference user types read as words; the stored value stays attende', () => {
  assert.equal([typeLabel('attende'), typeLabel('speaker'), typeLabel('other')], ['Attendee', 'Speaker', 'other']);
});

test.run();
