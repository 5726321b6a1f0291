import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { startTestApi, type TestApi } from './harness.ts';
import { CONTRACT } from '../../src/common/contract/schemas.ts';

// The server validates the admin area's bodies from the contract: for every
// CONTRACT route of the admin area that reads a body, a JSON list where a text field is expected
// answers 422 naming that field ("The x must be a string."), and nothing is written.

let api: TestApi;
let admin: string;
/** Ids of records the `{id}` routes are called with, by the path's first segment. */
const ids: Record<string, number> = {};

/** The admin area's routes (the organiser console's organiser/bookings and organiser/booking are not). */
const ADMIN_ROUTE =
  /^\/api\/(user|role|permission|adminmenu|page|organiser(?!\/bookings?\b)|settings|companysettings|emailsettings|account|password|login|logout|activity|import-job|dashboard-stats|deleteImpact|ping|health)\b/;
const ROUTES = Object.entries(CONTRACT).filter(([key, c]) => c.body && ADMIN_ROUTE.test(key.split(' ')[1]));

/** The fields of `body` that take text (a string, or text or a number), files excluded. */
function textFields(body: z.ZodType): string[] {
  type Prop = { type?: string | string[]; format?: string; anyOf?: Prop[] };
  const text = (p: Prop): boolean =>
    p.format !== 'binary' && (p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string')) || !!p.anyOf?.some(text));
  const s = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Prop> };
  return Object.entries(s.properties ?? {})
    .filter(([, p]) => text(p))
    .map(([k]) => k);
}

test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  ids.user = (await api.call('GET', 'user/get', { token: admin })).body.data.id;
  ids.page = (await api.call('POST', 'page', { token: admin, form: { title: 'T', content: 'C' } })).body.data.id;
  ids.permission = (await api.call('POST', 'permission', { token: admin, form: { name: 'Custom one' } })).body.data.id;
  ids.adminmenu = (await api.call('POST', 'adminmenu', { token: admin, form: { title: 'M', url: '/admin/pages' } })).body.data.id;
  ids.role = (await api.call('POST', 'role', { token: admin, form: { name: 'Editors' } })).body.data.id;
  ids.organiser = (
    await api.call('POST', 'organiser', { token: admin, form: { name: 'Org', email: 'org-bodies@example.com', phone: '5', password: 'Org-pass-1' } })
  ).body.data.id;
});
test.after(async () => {
  await api.stop();
});

test('the admin routes that read a body are in the contract with their text fields', () => {
  const keys = ROUTES.map(([k]) => k);
  for (const k of [
    'POST /api/page',
    'PUT /api/user/{id}',
    'POST /api/organiser',
    'PUT /api/settings',
    'POST /api/login',
    'POST /api/password/reset',
    'PUT /api/account/password',
    'POST /api/user/bulk-delete',
    'POST /api/organiser/deleteOrganizer',
    'POST /api/settings/email/test',
  ])
    assert.ok(keys.includes(k), k);
  for (const [k, c] of ROUTES) if (k !== 'POST /api/user/import') assert.ok(textFields(c.body!).length > 0, `${k} has text fields`);
});

test('a JSON list where a text field is expected answers 422 naming that field, on every admin route with a body', async () => {
  const problems: string[] = [];
  let calls = 0;
  for (const [key, c] of ROUTES) {
    const [method, path] = key.split(' ');
    const url = path.replace(/^\/api\//, '').replace(/\{id\}/, () => String(ids[path.split('/')[2]] ?? 1));
    for (const field of textFields(c.body!)) {
      calls++;
      const r = await api.call(method, url, { token: admin, json: { [field]: ['x'] } });
      const said = r.body?.errors?.[field]?.[0] ?? '';
      if (r.status !== 422 || !/must be a string\.$/.test(said)) problems.push(`${key} ${field}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  assert.equal(problems, []);
  assert.ok(calls > 40, `${calls} calls`);
});

test('POST /api/page with {"title":["x"]} stores nothing (the issue\'s example)', async () => {
  const before = (await api.call('GET', 'page?page=1', { token: admin })).body.data.total;
  const r = await api.call('POST', 'page', { token: admin, json: { title: ['x'], content: 'c' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors, { title: ['The title must be a string.'] });
  assert.is((await api.call('GET', 'page?page=1', { token: admin })).body.data.total, before);
});

test('labels and Laravel wording stay the spec\'s for lists: "The role name must be a string.", "The SMTP port must be a string."', async () => {
  assert.equal((await api.call('POST', 'role', { token: admin, json: { name: ['x'] } })).body.errors, { name: ['The role name must be a string.'] });
  assert.equal((await api.call('PUT', 'settings/email', { token: admin, json: { smtp_port: [587] } })).body.errors, {
    smtp_port: ['The SMTP port must be a string.'],
  });
  assert.equal((await api.call('PUT', 'settings/email', { token: admin, json: { smtp_port: 587, smtp_type: 'tls' } })).status, 200, 'a JSON number is a port');
});

test.run();
