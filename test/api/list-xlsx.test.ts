import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSheet } from 'read-excel-file/node';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { download, TRICKY } from './lists-helpers.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

// every list export also answers `.xlsx` (?format=xlsx): the users list and the
// participants list read back by read-excel-file equal to their CSV export, cell for cell: the
// same header and rows, numbers as numbers, times and days as real dates, and formula-looking
// text as the very text (the CSV guards it with a leading '; the workbook keeps it a text cell).
let api: TestApi;
let admin: string;
let A: TestOrganiser;
let B: TestOrganiser;
const ev = (p: string) => `event/${A.eventId}/${p}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  for (const [i, name] of [...TRICKY, '+1 555 0100', '@handle', '-minus'].entries()) {
    const r = await api.call('POST', 'user', { token: admin, form: { name, email: `tricky${i}@sheet.example`, password: 'Sheet-pass-1', role: '1' } });
    assert.ok(r.status === 200 || r.status === 201, JSON.stringify(r.body));
  }
  A = await makeOrganiser(api, 'Sheet', 0);
  B = await makeOrganiser(api, 'Other', 0);
  for (const [bib, name, email, consent, date] of [
    ['701', 'Runner 701', 'r701@example.com', 'yes', '2026-05-02'],
    ['702', '=SUM(A1:A9)', 'r702@example.com', 'no', ''],
    ['0703', 'Zoë, "Z" Ærø', '', 'yes', '2026-02-28'],
  ]) {
    const r = await api.call('POST', ev('participant'), { token: A.token, form: { bib_number: bib, name, email, face_consent: consent, consent_date: date } });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  const up = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(701), goodRow(702)])) },
  });
  assert.is((await awaitJob(api.call, A.token, up)).state, 'done');
  // Times in the rows: notified_at for the matched with an address.
  assert.is((await api.call('POST', ev('notify-matched'), { token: A.token })).status, 200);
});
test.after(async () => {
  await api.stop();
});

/** The `.xlsx` answer of `p` (with format=xlsx added), read back by read-excel-file. */
async function sheetOf(p: string, token: string) {
  const res = await fetch(`${api.url}/api/${p}${p.includes('?') ? '&' : '?'}format=xlsx`, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, rows: res.status === 200 ? await readSheet(bytes) : [] };
}

/**
 * A workbook cell as the CSV writes the same value: numbers as digits, a time column's date as
 * ISO 8601, a day column's as YYYY-MM-DD, text that could start a formula with the CSV's guard '.
 */
function asCsv(v: unknown, header: string, times: readonly string[], days: readonly string[]): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    if (times.includes(header)) return v.toISOString();
    assert.ok(days.includes(header), `${header}: a date only in a date column`);
    return v.toISOString().slice(0, 10);
  }
  if (typeof v === 'number') {
    assert.not.ok(times.includes(header) || days.includes(header), `${header}: ${v} should be a date`);
    return String(v);
  }
  const s = String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** Asserts the workbook reads back as the CSV export of the same address, cell for cell. */
async function sameAsCsv(p: string, token: string, times: readonly string[] = [], days: readonly string[] = []) {
  const csv = await download(api, p, token);
  const sheet = await sheetOf(p, token);
  assert.is(csv.status, 200, `${p}: ${csv.text.slice(0, 300)}`);
  assert.is(sheet.status, 200, `${p}: ${sheet.bytes.toString().slice(0, 300)}`);
  assert.is(sheet.headers.get('content-type'), XLSX);
  assert.match(sheet.headers.get('content-disposition') ?? '', /attachment; filename="[a-z-]+\.xlsx"/);
  const header = sheet.rows[0] as string[];
  assert.equal(header, csv.rows[0], 'the same header row');
  assert.is(sheet.rows.length, csv.rows.length, 'the same number of rows');
  const read = sheet.rows.slice(1).map((r) => header.map((h, j) => asCsv(r[j], h, times, days)));
  assert.equal(read, csv.rows.slice(1));
  return sheet.rows;
}

test(`[${testEngine}] the users list: .xlsx reads back equal to the CSV, ids as numbers, formula-looking names as text`, async () => {
  const rows = await sameAsCsv('user/export?sort=name', admin);
  const ids = rows.slice(1).map((r) => r[0]);
  assert.ok(
    ids.every((id) => typeof id === 'number'),
    'ids are numbers',
  );
  const names = rows.slice(1).map((r) => r[1]);
  for (const n of ['=HYPERLINK("http://x")', '+1 555 0100', '@handle', '-minus']) assert.ok(names.includes(n), `${n} kept as the text it is`);
  // A search and a descending order: the same filter and order as the CSV.
  await sameAsCsv('user/export?q=tricky&sort=email&dir=desc', admin);
});

test(`[${testEngine}] the participants list: .xlsx reads back equal to the CSV, times and consent days as dates`, async () => {
  const times = ['notified_at', 'viewed_at', 'bought_at', 'consent_at', 'consent_withdrawn_at', 'erased_at'];
  const rows = await sameAsCsv(ev('participants/export?columns=all&sort=bib_number'), A.token, times, ['consent_date']);
  const header = rows[0] as string[];
  const byBib = new Map(rows.slice(1).map((r) => [r[0], r]));
  assert.is(byBib.get('0703')![0], '0703', 'a BIB stays the text it is (leading zero kept)');
  assert.ok(byBib.get('701')![header.indexOf('notified_at')] instanceof Date, 'notified_at is a real date');
  assert.equal(byBib.get('701')![header.indexOf('consent_date')], new Date('2026-05-02T00:00:00Z'));
  assert.is(byBib.get('702')![header.indexOf('name')], '=SUM(A1:A9)');
  assert.is(byBib.get('702')![header.indexOf('matched')], 1);
  // The list's filters apply: the matched stage only.
  const matched = await sameAsCsv(ev('participants/export?columns=all&stage=matched&sort=bib_number&dir=desc'), A.token, times, ['consent_date']);
  assert.equal(
    matched.slice(1).map((r) => r[0]),
    ['702', '701'],
  );
});

test(`[${testEngine}] the other lists answer .xlsx too, with their days as dates`, async () => {
  const events = await sameAsCsv(`event/export?organizer_id=${A.companyId}`, A.token, [], ['start_date', 'end_date']);
  assert.ok(events[1][2] instanceof Date, 'start_date is a date');
  await sameAsCsv(`organiser/bookings/export?company_id=${A.companyId}`, A.token, [], ['date']);
  await sameAsCsv('role/export', admin);
  await sameAsCsv('activity/export?per_page=100', admin, [], ['time (UTC)']);
});

test(`[${testEngine}] a bad format is a 422 on format; another organiser's event is refused as for the CSV; without sign-in a 401`, async () => {
  const bad = await api.call('GET', 'user/export?format=pdf', { token: admin });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors, { format: ['The selected format is invalid.'] });
  const theirs = await sheetOf(ev('participants/export?columns=all'), B.token);
  assert.is(theirs.status, (await download(api, ev('participants/export?columns=all'), B.token)).status, 'refused as the CSV is');
  assert.is(theirs.status, 403);
  assert.is((await sheetOf('user/export', '')).status, 401);
  const csv = await download(api, 'user/export?format=csv', admin);
  assert.is(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
});

test.run();
