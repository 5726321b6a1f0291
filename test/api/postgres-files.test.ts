import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, TEST_DATABASE_URL } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin } from './child-server.ts';
import { PNG } from './campaigns-fixtures.ts';

// Stored images live in the database with DATABASE_URL, so any API process on one PostgreSQL
// serves an image another process received. Needs TEST_DATABASE_URL (PostgreSQL only).
if (!TEST_DATABASE_URL) {
  console.log('postgres-files: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const nodes = twoNodesOnOnePostgres();

  test('an event logo uploaded through one process is served by the other, and gone from both once deleted', async () => {
    const token = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    const org = await apiCall(nodes.a.url, 'POST', 'organiser', {
      token,
      form: { name: 'Two Nodes', email: 'two-nodes@example.com', phone: '5550100', password: 'Organiser-pass-1', description: '', status: '1' },
    });
    assert.is(org.status, 200, JSON.stringify(org.body));
    const organizerId = String(org.body.data.id ?? org.body.data.company_id);
    const event = await apiCall(nodes.a.url, 'POST', 'event', {
      token,
      form: { title: 'Shared', description: '', start_date: '2030-01-01', end_date: '2030-01-01', organizer_id: organizerId, event_logo: PNG },
    });
    assert.is(event.status, 200, JSON.stringify(event.body));
    const logo = event.body.data.logo as string;
    const fromB = await fetch(`${nodes.b.url}${logo}`);
    assert.is(fromB.status, 200);
    assert.is(fromB.headers.get('content-type'), 'image/png');
    assert.is(fromB.headers.get('cache-control'), 'public, max-age=86400');
    assert.ok(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(PNG.split(',')[1], 'base64')));
    const etag = fromB.headers.get('etag')!;
    const again = await fetch(`${nodes.a.url}${logo}`, { headers: { 'If-None-Match': etag } });
    assert.is(again.status, 304);
    const tokenB = await apiLogin(nodes.b.url, ADMIN.email, ADMIN.password);
    assert.is((await apiCall(nodes.b.url, 'PUT', 'deleteEvent', { token: tokenB, form: { event_id: String(event.body.data.id) } })).status, 200);
    assert.equal(
      [(await fetch(`${nodes.a.url}${logo}`)).status, (await fetch(`${nodes.b.url}${logo}`, { headers: { 'If-None-Match': etag } })).status],
      [404, 404],
    );
  });

  test('both processes report the database store as healthy', async () => {
    for (const s of [nodes.a, nodes.b]) {
      const r = await apiCall(s.url, 'GET', 'health');
      assert.equal([r.status, r.body.data.storage_kind, r.body.data.storage], [200, 'database', 'ok']);
    }
  });

  test.run();
}
