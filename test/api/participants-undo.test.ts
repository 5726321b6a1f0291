import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

/** Undoing a participants import (docs/participants.md "The participants sheet"): exactly its rows go, once; used rows block it by name. */
let api: TestApi;
let admin: string;
let A: TestOrganiser;
let B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  A = await makeOrganiser(api, 'UndoRunners', 0);
  B = await makeOrganiser(api, 'UndoOther', 0);
});
test.after(async () => {
  await api.stop();
});

const HEAD = 'bib_number,name,email,face_consent,consent_date';
const n = async (text: string, params: unknown[] = []) => Number((await api.sql.get<{ n: number }>(text, params as never))!.n);
const sheet = (o: TestOrganiser, rows: string[]) =>
  api.call('POST', `event/${o.eventId}/participants`, { token: o.token, form: { file: csvFile(`${HEAD}\n${rows.join('\n')}\n`, 'participants.csv') } });
/** An activity entry as GET activity lists it (the fields checked here). */
type Entry = { resource_id: number; label: string; changes: string; organizer_id: number; import_job: { kind: string; undone_at: number | null } };
const bibs = async (o: TestOrganiser) =>
  ((await api.call('GET', `event/${o.eventId}/participants?sort=bib_number&dir=asc`, { token: o.token })).body.data.data as { bib_number: string }[]).map(
    (p) => p.bib_number,
  );

test('a participants import is undone in one step: its rows and their consent receipts go, a participant added by hand stays, once only, in the activity log', async () => {
  assert.is(
    (await api.call('POST', `event/${A.eventId}/participant`, { token: A.token, form: { bib_number: '100', name: 'By Hand', face_consent: 'yes' } })).status,
    200,
  );
  const job = await awaitJob(api.call, A.token, await sheet(A, ['101,One,one@example.com,yes,2026-05-01', '102,Two,,no,', '103,Three,three@example.com,yes,']));
  assert.is(job.state, 'done');
  assert.equal(await bibs(A), ['100', '101', '102', '103']);
  assert.is((await api.call('GET', `event/${A.eventId}/consents`, { token: A.token })).body.data.length, 3);

  const preview = await api.call('GET', `import-job/${job.id}/undo`, { token: A.token });
  assert.is(preview.status, 200, JSON.stringify(preview.body));
  assert.equal({ ...preview.body.data }, { job_id: job.id, kind: 'participants', count: 3, undone_at: null, blocked: [], blocked_total: 0 });
  // Another organiser neither sees nor undoes it.
  assert.is((await api.call('GET', `import-job/${job.id}/undo`, { token: B.token })).status, 404);
  assert.is((await api.call('POST', `import-job/${job.id}/undo`, { token: B.token })).status, 404);
  assert.equal(await bibs(A), ['100', '101', '102', '103']);

  const r = await api.call('POST', `import-job/${job.id}/undo`, { token: A.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.message, 'Import undone: 3 participants removed.');
  assert.is(r.body.data.count, 3);
  assert.equal(await bibs(A), ['100']);
  const consents = (await api.call('GET', `event/${A.eventId}/consents`, { token: A.token })).body.data as { bib_number: string }[];
  assert.equal(
    consents.map((c) => c.bib_number),
    ['100'],
    "the sheet's receipts went with their participants",
  );
  assert.is(await n('SELECT COUNT(*) AS n FROM face_consents WHERE event_id = ?', [A.eventId]), 1, 'no receipt is left without its participant');
  assert.equal((await api.call('GET', `event/${A.eventId}/funnel`, { token: A.token })).body.data, {
    registered: 1,
    matched: 0,
    notified: 0,
    viewed: 0,
    bought: 0,
  });

  const again = await api.call('POST', `import-job/${job.id}/undo`, { token: A.token });
  assert.is(again.status, 409);
  assert.is(again.body.message, 'This import was already undone.');
  assert.is((await api.call('GET', `import-job/${job.id}/undo`, { token: A.token })).body.data.undone_at !== null, true);

  const log = ((await api.call('GET', 'activity?per_page=100&action=undo_import', { token: admin })).body.data.data as Entry[]).filter(
    (e) => e.resource_id === job.id,
  );
  assert.is(log.length, 1);
  assert.is(log[0].label, 'Participants import');
  assert.equal(JSON.parse(log[0].changes), { participants: { from: 3, to: 0 } });
  assert.is(log[0].organizer_id, A.companyId);
  // The import's own entry now reads undone, so the Activity screen no longer offers Undo.
  const started = ((await api.call('GET', 'activity?per_page=100&action=import', { token: admin })).body.data.data as Entry[]).find(
    (e) => e.resource_id === job.id,
  );
  assert.ok(started, 'the import row names its job');
  assert.is(started!.import_job.kind, 'participants');
  assert.ok(started!.import_job.undone_at !== null);

  // The same sheet imports again: its BIBs are free once more.
  assert.is((await awaitJob(api.call, A.token, await sheet(A, ['101,One,,no,']))).state, 'done');
  assert.equal(await bibs(A), ['100', '101']);
});

test('participants notified, viewed or erased since the import block its undo, named, and nothing goes', async () => {
  const C = await makeOrganiser(api, 'UndoBlocked', 0);
  const job = await awaitJob(
    api.call,
    C.token,
    await sheet(C, ['201,Ann,ann@example.com,no,', '202,Bob,bob@example.com,no,', '203,Cy,,no,', '204,Dee,dee@example.com,no,']),
  );
  assert.is(job.state, 'done');
  const up = await api.call('POST', 'uploadExcel', {
    token: C.token,
    form: { event_id: String(C.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([201, 202].map((b) => goodRow(b)))) },
  });
  assert.is((await awaitJob(api.call, C.token, up)).state, 'done');
  assert.is((await api.call('POST', `event/${C.eventId}/notify-matched`, { token: C.token })).body.data.sent, 2);
  const mail = await api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = 'ann@example.com'");
  const token = /\/gallery\/([A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1];
  assert.is((await api.call('GET', `gallery/${token}`)).status, 200);
  const dee = await api.sql.get<{ id: number }>('SELECT id FROM participants WHERE event_id = ? AND bib_number = ?', [C.eventId, '204']);
  assert.is((await api.call('POST', `event/${C.eventId}/participant/${dee!.id}/erasure`, { token: C.token })).status, 200);

  const preview = (await api.call('GET', `import-job/${job.id}/undo`, { token: C.token })).body.data;
  assert.is(preview.count, 4);
  assert.is(preview.blocked_total, 3);
  assert.equal(
    preview.blocked.map((b: { label: string; reason: string }) => `${b.label}: ${b.reason}`),
    ['BIB 201: opened their gallery since', 'BIB 202: notified since', 'BIB 204: face data erased since'],
  );
  const refused = await api.call('POST', `import-job/${job.id}/undo`, { token: C.token });
  assert.is(refused.status, 409);
  assert.is(
    refused.body.message,
    'This import cannot be undone: 3 participants changed since it: BIB 201 (opened their gallery since), BIB 202 (notified since), BIB 204 (face data erased since). Nothing was removed.',
  );
  assert.is(refused.body.data.blocked_total, 3);
  assert.equal(await bibs(C), ['201', '202', '203', '204']);
  assert.is(await n('SELECT COUNT(*) AS n FROM import_jobs WHERE id = ? AND undone_at IS NOT NULL', [job.id]), 0, 'still undoable later');
  assert.is((await api.call('GET', `gallery/${token}`)).status, 200, 'the link still opens');
});

test('a participants import that failed cannot be undone; an administrator may preview any', async () => {
  const D = await makeOrganiser(api, 'UndoAdmin', 0);
  const job = await awaitJob(api.call, D.token, await sheet(D, ['301,Ann,,no,']));
  assert.is((await api.call('GET', `import-job/${job.id}/undo`, { token: admin })).body.data.count, 1);
  await api.sql.run("UPDATE import_jobs SET state = 'failed' WHERE id = ?", [job.id]);
  const r = await api.call('POST', `import-job/${job.id}/undo`, { token: D.token });
  assert.is(r.status, 409);
  assert.is(r.body.message, 'Only a finished import can be undone.');
  assert.equal(await bibs(D), ['301']);
});

test.run();
