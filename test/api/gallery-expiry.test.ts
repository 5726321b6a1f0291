import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

/**
 * A gallery link is valid until the event's photos are removed (docs/participants.md "The
 * gallery"): then it answers exactly as a wrong token, and notifying again after new photos sends
 * a fresh link.
 */
let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

const linkOf = (text: string) => /\/gallery\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
/** The gallery tokens of the e-mails to `email`, oldest first. */
const linksTo = async (email: string) =>
  (await api.sql.all<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = ? ORDER BY id", [email])).map((m) =>
    linkOf(m.body_text),
  );
const upload = async (o: TestOrganiser, bibs: number[]) =>
  awaitJob(
    api.call,
    o.token,
    await api.call('POST', 'uploadExcel', {
      token: o.token,
      form: { event_id: String(o.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(bibs.map((b) => goodRow(b)))) },
    }),
  );
const funnel = async (o: TestOrganiser) => (await api.call('GET', `event/${o.eventId}/funnel`, { token: o.token })).body.data;

/** An organiser whose event has participants `bibs` (with e-mails `g<bib>@<tag>.example`), photos of them, all notified; resolves to the links by BIB. */
async function notified(tag: string, bibs: number[]): Promise<{ o: TestOrganiser; links: Record<number, string> }> {
  const o = await makeOrganiser(api, tag, 0);
  for (const bib of bibs) {
    const r = await api.call('POST', `event/${o.eventId}/participant`, {
      token: o.token,
      form: { bib_number: String(bib), name: `Runner ${bib}`, email: `g${bib}@${tag}.example`, face_consent: 'no' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  assert.is((await upload(o, bibs)).state, 'done');
  assert.is((await api.call('POST', `event/${o.eventId}/notify-matched`, { token: o.token })).body.data.sent, bibs.length);
  const links: Record<number, string> = {};
  for (const bib of bibs) [links[bib]] = await linksTo(`g${bib}@${tag}.example`);
  return { o, links };
}

/** What any unknown token gets: the answer every ended link must equal. */
const unknown = async () => api.call('GET', `gallery/${'z'.repeat(43)}`);

test("clearing the event's photos ends every gallery link: 404 as for a wrong token; new photos and a new notification give a fresh link", async () => {
  const { o, links } = await notified('clear', [401, 402]);
  assert.is((await api.call('GET', `gallery/${links[401]}`)).status, 200);
  assert.equal(await funnel(o), { registered: 2, matched: 2, notified: 2, viewed: 1, bought: 0 });

  assert.is((await api.call('POST', 'deleteEventPhotos', { token: o.token, form: { event_id: String(o.eventId) } })).status, 200);
  const wrong = await unknown();
  for (const bib of [401, 402]) {
    const gone = await api.call('GET', `gallery/${links[bib]}`);
    assert.is(gone.status, 404, `BIB ${bib}`);
    assert.equal(gone.body, wrong.body, 'the same words as an unknown token');
  }
  const dl = await api.call('POST', `gallery/${links[402]}/download`, { form: { photo_id: '1' } });
  assert.equal([dl.status, dl.body.message], [404, 'Gallery not found.']);
  assert.equal(await funnel(o), { registered: 2, matched: 0, notified: 0, viewed: 0, bought: 0 });
  assert.is((await api.call('POST', `event/${o.eventId}/notify-matched`, { token: o.token })).body.data.sent, 0, 'nobody is matched now');

  // New photos of BIB 401 only: notifying again sends 401 one fresh link; the old one stays dead.
  assert.is((await upload(o, [401])).state, 'done');
  assert.equal(await funnel(o), { registered: 2, matched: 1, notified: 0, viewed: 0, bought: 0 });
  const again = await api.call('POST', `event/${o.eventId}/notify-matched`, { token: o.token });
  assert.is(again.body.data.sent, 1);
  const sent = await linksTo('g401@clear.example');
  assert.is(sent.length, 2);
  assert.is(sent[0], links[401]);
  assert.ok(sent[1].length === 43 && sent[1] !== links[401], 'a fresh link');
  assert.is((await api.call('GET', `gallery/${links[401]}`)).status, 404);
  const fresh = await api.call('GET', `gallery/${sent[1]}`);
  assert.is(fresh.status, 200);
  assert.equal(
    fresh.body.data.photos.map((p: { bid_number: string }) => p.bid_number),
    ['401'],
  );
  assert.is((await api.call('POST', `event/${o.eventId}/notify-matched`, { token: o.token })).body.data.sent, 0, 'still once per link');
  assert.equal(await funnel(o), { registered: 2, matched: 1, notified: 1, viewed: 1, bought: 0 });
});

test('removing some photos keeps the links; removing the last ones (bulk delete, an undone upload) ends them', async () => {
  const { o, links } = await notified('bulk', [501, 502]);
  const ids = (await api.sql.all<{ id: number }>('SELECT id FROM event_photos WHERE event_id = ? AND bid_number = ?', [o.eventId, '502'])).map((r) => r.id);
  const some = await api.call('POST', 'getPhotosByEventId/bulk-delete', { token: o.token, form: { event_id: String(o.eventId), ids: JSON.stringify(ids) } });
  assert.is(some.status, 200, JSON.stringify(some.body));
  assert.is((await api.call('GET', `gallery/${links[501]}`)).status, 200, 'the event still has photos');
  const empty = await api.call('GET', `gallery/${links[502]}`);
  assert.equal([empty.status, empty.body.data.photos], [200, []]);

  const all = await api.call('POST', 'getPhotosByEventId/bulk-delete', { token: o.token, form: { event_id: String(o.eventId), all: '1' } });
  assert.is(all.status, 200, JSON.stringify(all.body));
  assert.is((await api.call('GET', `gallery/${links[501]}`)).status, 404);
  assert.is((await api.call('GET', `gallery/${links[502]}`)).status, 404);

  // An upload undone while it holds every photo of the event ends the links too.
  const { o: u, links: uLinks } = await notified('undone', [601]);
  const job = await api.sql.get<{ id: number }>(
    "SELECT id FROM import_jobs WHERE kind = 'photos' AND user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id DESC",
    [u.email],
  );
  const undo = await api.call('POST', `import-job/${job!.id}/undo`, { token: u.token });
  assert.is(undo.status, 200, JSON.stringify(undo.body));
  assert.is((await api.call('GET', `gallery/${uLinks[601]}`)).status, 404);
});

test("deleting the event ends its links; another event's links are untouched", async () => {
  const { o, links } = await notified('gone', [701]);
  const { o: other, links: otherLinks } = await notified('kept', [701]);
  assert.is((await api.call('PUT', 'deleteEvent', { token: o.token, form: { event_id: String(o.eventId) } })).status, 200);
  const gone = await api.call('GET', `gallery/${links[701]}`);
  assert.equal([gone.status, gone.body], [404, (await unknown()).body]);
  assert.is((await api.call('GET', `gallery/${otherLinks[701]}`)).status, 200);
  assert.equal(await funnel(other), { registered: 1, matched: 1, notified: 1, viewed: 1, bought: 0 });
});

test.run();
