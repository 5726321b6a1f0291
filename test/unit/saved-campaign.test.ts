import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_FORM, fieldErrors, type CampaignForm } from '../../src/features/campaigns/campaign-form-state.ts';
import { campaignPayload } from '../../src/features/campaigns/campaign-payloads.ts';
import { formOfCampaign } from '../../src/features/campaigns/saved-campaign.ts';
import { BIB_END_BELOW_START, BIB_LENGTH_RANGE, BIB_START_WHOLE } from '../../src/common/bib-range.ts';
import { outsideEventDates } from '../../src/common/dates.ts';

// Edit reopens the form with what was saved: every field the form sends comes back as typed (an
// image campaign: it searches photos, so its BIB numbers are sent too).

const typed: CampaignForm = {
  ...EMPTY_FORM,
  campaign_type: '1',
  type: 'SKATING',
  application: '3',
  title: 'Harbour Run',
  location: 'Goa',
  organizer: 'Sea Club',
  sponsors: 'Acme, Initech',
  single_day: false,
  startDate: '2030-06-01',
  endDate: '2030-06-03',
  primary_tolerance: '0.45',
  secondary_tolerance: '0.3',
  recognition_tolerance: '0.65',
  sale_event: '1',
  is_dynamic_branding: '1',
  payment_slab: '2',
  share_post_quote: 'Done!',
  description: 'Photos',
  subdomain: 'harbour-run',
  is_bib_number_present: true,
  bib_start_range: '100',
  bib_end_range: '900',
  bib_length: '3',
  bib_number_prefix: 'HF',
  bib_number_suffix: 'Z',
  date_filtering: true,
};

test('a campaign saved from the form reopens with every field as it was typed', () => {
  const sent = campaignPayload(typed, 4, 7, 'example.app');
  const stored = { ...sent, type: Number(sent.type), payment_slab: sent.payment_slab };
  assert.equal(formOfCampaign(stored), typed);
});

test('a single-day campaign reopens in single-day mode with its one date', () => {
  const one = { ...typed, single_day: true, camp_date: '2030-06-01', startDate: '', endDate: '' };
  const f = formOfCampaign(campaignPayload(one, 4, 7, 'example.app'));
  assert.equal([f.single_day, f.camp_date, f.startDate], [true, '2030-06-01', '']);
});

test('a BIB range must be whole numbers with the end not below the start', () => {
  assert.is(fieldErrors({ ...typed, bib_start_range: 'abc' }).bib_start_range, BIB_START_WHOLE);
  assert.is(fieldErrors({ ...typed, bib_end_range: '50' }).bib_end_range, BIB_END_BELOW_START);
  assert.is(
    fieldErrors({ ...typed, is_bib_number_present: false, bib_start_range: 'abc' }).bib_start_range,
    undefined,
    'only checked when BIB numbers are present',
  );
  assert.is(fieldErrors({ ...typed, bib_length: 'zz' }).bib_length, BIB_LENGTH_RANGE);
  assert.is(fieldErrors({ ...typed, is_bib_number_present: false, bib_length: 'zz' }).bib_length, undefined);
});

test("with the event's dates the form marks each campaign date outside them, the single day's at Campaign Date", () => {
  const event = { start_date: '2030-06-01', end_date: '2030-06-03' };
  const msg = outsideEventDates('2030-06-01', '2030-06-03');
  assert.equal(fieldErrors(typed, event), {});
  assert.equal(fieldErrors({ ...typed, endDate: '2030-06-04' }, event), { endDate: msg });
  assert.equal(fieldErrors({ ...typed, startDate: '2030-05-01', endDate: '2030-05-02' }, event), { startDate: msg, endDate: msg });
  assert.equal(fieldErrors({ ...typed, single_day: true, camp_date: '2020-01-01' }, event), { camp_date: msg });
  assert.equal(fieldErrors({ ...typed, endDate: '2030-06-04' }), {}, 'without the event no date bound');
});

test.run();
