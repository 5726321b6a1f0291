import type { Sql } from '../db/sql.ts';
import { eventsOfCompany, insertCampaign, type NewCampaign } from '../db/queries/campaigns.ts';
import { insertTemplate } from '../db/queries/templates.ts';
import { insertVideo } from '../db/queries/participant-videos.ts';
import { insertConferenceUser } from '../db/queries/conference-users.ts';
import { insertRecognitionEvent, setBibFilter } from '../db/queries/recognition.ts';
import { appLink } from '../../src/common/campaign-links.ts';
import { DEMO_ORGANISER, SECOND_ORGANISER } from './demo-organiser.ts';

const CLIENT_APP = 'https://app.example.com';
const HOST = 'example.app';
const NAMES = [
  'Aarav Nair',
  'Bella Jones',
  'Carlos Diaz',
  'Diya Menon',
  'Ethan Brown',
  'Fatima Noor',
  'George Li',
  'Hana Sato',
  'Isaac Cole',
  'Jia Wen',
  'Kofi Mensah',
  'Lena Fischer',
];
const SCHOOLS = ['St. Mary\u2019s School', 'Riverside High', 'Hill View Academy'];
const DISTRICTS = ['North', 'Central', 'Harbour'];

type Spec = { title: string; type: number; sales?: number; subdomain: string; description: string };

/** One campaign with its photo-recognition event, as the console's form makes them. */
async function campaign(sql: Sql, event: { id: number; company_id: number; title: string; start_date: string; end_date: string }, s: Spec): Promise<number> {
  const recognition = await insertRecognitionEvent(
    sql,
    {
      name: s.title,
      location: 'City centre',
      type: 'MARATHON',
      is_active: true,
      is_sales: !!s.sales,
      from_date: event.start_date,
      to_date: event.end_date,
      organizer: 'Demo Organiser',
      sponsors: ['Acme Sports'],
      fr1: 0.4,
      fr2: 0.35,
      fr3: 0,
      slug: s.subdomain,
      payment: s.sales ? '2' : '',
      is_sales_combined: s.sales === 2,
      is_date_filter_enabled: false,
      photo_points: [],
      is_dynamic_branding_enabled: false,
    },
    event.company_id,
  );
  await setBibFilter(sql, recognition, event.company_id, {
    bib_start_range: '1000',
    bib_end_range: '1999',
    bib_prefix: '',
    bib_suffix: '',
    bib_length: '4',
    is_bib_present: true,
  });
  const c: NewCampaign = {
    event_id: event.id,
    title: s.title,
    description: s.description,
    logo: '',
    start_date: event.start_date,
    end_date: event.end_date,
    type: s.type,
    share_post_quote: 'I was there!',
    image_console_id: String(recognition),
    is_sales_event: s.sales ?? 0,
    is_dynamic_branding: 0,
    application: 1,
    subdomain: s.subdomain,
    event_url: `https://${s.subdomain}.${HOST}`,
    friendly_url: appLink(CLIENT_APP, event.title, s.title),
    // The form's settings, as sent to the recognition event above, so the detail and the edit form show them.
    event_type: 'MARATHON',
    location: 'City centre',
    organizer: 'Demo Organiser',
    sponsors: 'Acme Sports',
    primary_tolerance: '0.4',
    secondary_tolerance: '0.35',
    recognition_tolerance: '0',
    payment_slab: s.sales ? '2' : '',
    date_filtering: 0,
    is_bib_number_present: 1,
    bib_start_range: '1000',
    bib_end_range: '1999',
    bib_length: '4',
    bib_number_prefix: '',
    bib_number_suffix: '',
  };
  return insertCampaign(sql, c);
}

/**
 * Campaign demo data, after the organisers' (demo-organiser.ts): on the Demo
 * Organiser's first event an image campaign with a template, a video campaign with videos in
 * every status (pending over two pages), a conference with attendees and speakers, and a photo
 * app; a sales image campaign on its second event; one campaign for the second organiser.
 */
export async function seedDemoCampaigns(sql: Sql): Promise<void> {
  const [first, second] = await eventsOfCompany(sql, DEMO_ORGANISER.email);
  if (!first || !second) return;
  const image = await campaign(sql, first, {
    title: 'Marathon Photos',
    type: 1,
    subdomain: 'city-marathon-photos',
    description: 'Find your race photos by face or BIB number.',
  });
  await insertTemplate(sql, {
    campaign_id: image,
    path: '/images/demo-template.svg',
    template_json: JSON.stringify({ version: 1, area: { x: 160, y: 110, width: 480, height: 340 } }),
    x: 160,
    y: 110,
    width: 480,
    height: 340,
    template_width: 800,
    template_height: 600,
  });
  const video = await campaign(sql, first, {
    title: 'Runner Stories',
    type: 2,
    subdomain: 'city-marathon-stories',
    description: 'Short videos sent in by runners.',
  });
  const statuses = [1, 1, 1, 1, 1, 1, 1, 4, 4, 3, 2, 2];
  for (const [i, status] of statuses.entries()) {
    await insertVideo(sql, {
      campaign_id: video,
      name: NAMES[i],
      age: 9 + (i % 8),
      district: DISTRICTS[i % 3],
      school_name: SCHOOLS[i % 3],
      status,
      dropbox_shareable_link: `https://www.dropbox.com/s/demo${i}/story-${i + 1}.mp4?dl=0`,
      video_url: status === 2 ? 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' : '',
    });
  }
  const conference = await campaign(sql, first, {
    title: 'Runners Conference',
    type: 3,
    subdomain: 'city-marathon-talks',
    description: 'Talks on training and nutrition the day before the race.',
  });
  for (const [i, name] of NAMES.slice(0, 8).entries()) {
    await insertConferenceUser(sql, {
      campaign_id: conference,
      user_id: 500 + i,
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      type: i < 2 ? 'speaker' : 'attende',
    });
  }
  await campaign(sql, first, { title: 'Marathon PhotoApp', type: 4, subdomain: 'city-marathon-app', description: 'The photo app for race day.' });
  await campaign(sql, second, { title: 'Night Run Photos', type: 1, sales: 1, subdomain: 'night-run-photos', description: 'Buy your night run photos.' });

  const [other] = await eventsOfCompany(sql, SECOND_ORGANISER.email);
  if (other) await campaign(sql, other, { title: 'Regatta Photos', type: 1, subdomain: 'regatta-photos', description: 'Photos from the water.' });
}
