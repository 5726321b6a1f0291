import type { TestApi } from './harness.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { createOrganiser } from '../../server/db/queries/organisers.ts';
import { roleId } from '../../server/db/queries/demo-organiser.ts';
import { createEvent } from '../../server/db/queries/events.ts';

/** A 1×1 PNG as a data URL: the smallest image the API accepts. */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface Organiser {
  companyId: number;
  eventId: number;
  email: string;
  password: string;
  token: string;
}

let n = 0;
/**
 * An organiser (company, its sign-in user with role company) and one event, written through the
 * query layer so these tests do not depend on the organiser API; signed in.
 */
export async function makeOrganiser(api: TestApi, name = `Org ${++n}`): Promise<Organiser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  const password = 'Organiser-pass-1';
  const companyId = await createOrganiser(api.sql, {
    name,
    email,
    phone: '',
    status: 1,
    description: '',
    passwordHash: await hashPassword(password),
    companyRoleId: (await roleId(api.sql, 'company'))!,
  });
  const eventId = await createEvent(api.sql, {
    organizer_id: companyId,
    title: `${name} Marathon`,
    description: '',
    start_date: '2030-05-01',
    end_date: '2030-05-03',
    logo: '',
  });
  return { companyId, eventId, email, password, token: await api.login(email, password) };
}

let sub = 0;
/** A valid campaign form for `eventId`; `patch` overrides fields. */
export const campaignForm = (eventId: number, patch: Record<string, string> = {}): Record<string, string> => ({
  title: 'City Run 2030',
  description: 'Photos of the city run',
  logo: ' ',
  start_date: '2030-05-01',
  end_date: '2030-05-02',
  event_id: String(eventId),
  type: '1',
  share_post_quote: 'I ran!',
  image_console_id: '1',
  is_sales_event: '0',
  is_dynamic_branding: '0',
  application: '1',
  subdomain: `city-run-${++sub}-${Date.now()}`,
  ...patch,
});

/** Creates a campaign through the API and returns its id. */
export async function makeCampaign(api: TestApi, org: Organiser, patch: Record<string, string> = {}): Promise<number> {
  const r = await api.call('POST', 'campaign', { token: org.token, form: campaignForm(org.eventId, patch) });
  if (r.status !== 200) throw new Error(`campaign: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}

/** A valid photo-recognition event as the campaign form sends it (organiser-console §7). */
export const recognitionEvent = {
  name: 'City Run',
  location: 'Kochi',
  type: 'RUNNING',
  is_active: true,
  is_sales: false,
  from_date: '2030-05-01',
  to_date: '2030-05-02',
  organizer: 'Run Club',
  sponsors: ['Acme'],
  fr1: 0.3,
  fr2: 0,
  fr3: 0.65,
  slug: 'city-run',
  payment: '',
  is_sales_combined: false,
  is_date_filter_enabled: true,
  photo_points: [],
  is_dynamic_branding_enabled: false,
};
