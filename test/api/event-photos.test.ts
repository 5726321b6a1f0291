import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startTestApi, type TestApi } from './harness.ts';
import { MULTIPART_IN_WORKER } from '../../server/lib/spreadsheets/multipart-parse.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

let api: TestApi;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Pix', 0);
});
test.after(async () => {
  await api.stop();
});

const photoCount = async () => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [A.eventId]))!.n);
const upload = (excel: Blob, o: Record<string, string> = {}) =>
  api.call('POST', 'uploadExcel', { token: A.token, form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel, ...o } });
const clear = () => api.call('POST', 'deleteEventPhotos', { token: A.token, form: { event_id: String(A.eventId) } });

test('a 1,000-row CSV imports every row, free photos priced 0, listed 10 a page', async () => {
  await clear();
  const r = await upload(csvFile(readFileSync('test/fixtures/photos-1000.csv', 'utf8')));
  assert.is(r.status, 200, JSON.stringify(r.body));
  const job = await awaitJob(api.call, A.token, r);
  assert.is(job.state, 'done');
  assert.is(job.message, 'Successfully uploaded photos');
  assert.is(job.rows_written, 1000);
  const p = (await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=3&pageCount=10`, { token: A.token })).body.data;
  assert.is(p.total, 1000);
  assert.is(p.per_page, 10);
  assert.is(p.last_page, 100);
  assert.is(p.data.length, 10);
  assert.equal(
    { ...p.data[0], id: 0 },
    {
      id: 0,
      bid_number: '10021',
      low_res_image: 'https://photos.example.com/race/10021-low.jpg',
      high_res_image: 'https://photos.example.com/race/10021-high.jpg',
      price: '0',
      price_type: 1,
      orientation: 'portrait',
    },
  );
});

test('an .xlsx made by a spreadsheet program imports with a flat price', async () => {
  await clear();
  const xlsx = new File([readFileSync('test/fixtures/photos-25.xlsx')], 'photos-25.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const r = await upload(xlsx, { photo_price_type_id: '2', photo_price: '4.50' });
  assert.is((await awaitJob(api.call, A.token, r)).state, 'done');
  assert.is(await photoCount(), 25);
  const first = (await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1&pageCount=10`, { token: A.token })).body.data.data[0];
  assert.is(first.bid_number, '20001');
  assert.is(first.price, '4.50');
  assert.is(first.orientation, 'landscape');
});

test('one bad row writes nothing and the answer names the row', async () => {
  await clear();
  await awaitJob(api.call, A.token, await upload(csvFile(photoCsv([goodRow(1)]))));
  const r = await upload(csvFile(readFileSync('test/fixtures/photos-bad-row.csv', 'utf8')));
  assert.is(r.status, 422);
  assert.equal(r.body.errors.excel, ['Row 18: orientation must be portrait or landscape.']);
  assert.is(await photoCount(), 1);
});

test('problems of many rows are listed, the first 20, with the rest counted', async () => {
  const rows = Array.from({ length: 25 }, (_, i) => ['', 'ftp://x', '', 'portrait'.slice(0, i % 2 ? 8 : 3)]);
  const r = await upload(csvFile(photoCsv(rows)));
  assert.is(r.status, 422);
  assert.is(r.body.errors.excel.length, 21);
  assert.match(r.body.errors.excel[0], /^Row 2: bid_number is empty; low_res_image is not an http\(s\) link; high_res_image is empty/);
  assert.match(r.body.errors.excel[20], /5 more problems/);
});

test('columns must be exactly the template: missing or extra columns are refused', async () => {
  const missing = await upload(csvFile(photoCsv([['1', 'https://a/1', 'https://a/2']], 'bid_number,low_res_image,high_res_image')));
  assert.match(missing.body.errors.excel[0], /orientation/);
  const extra = await upload(csvFile(photoCsv([[...goodRow(1), 'x']], 'bid_number,low_res_image,high_res_image,orientation,notes')));
  assert.match(extra.body.errors.excel[0], /notes/);
});

test('the form is validated: price type 1 or 2, a flat price is an amount, a file is required', async () => {
  const f = csvFile(photoCsv([goodRow(1)]));
  assert.ok((await upload(f, { photo_price_type_id: '3' })).body.errors.photo_price_type_id);
  assert.ok((await upload(f, { photo_price_type_id: '2', photo_price: '' })).body.errors.photo_price);
  assert.ok((await upload(f, { photo_price_type_id: '2', photo_price: '-1' })).body.errors.photo_price);
  const none = await api.call('POST', 'uploadExcel', { token: A.token, form: { event_id: String(A.eventId), photo_price_type_id: '1' } });
  assert.ok(none.body.errors.excel);
  assert.ok((await upload(new File(['%PDF-1.4'], 'photos.pdf'))).body.errors.excel);
});

test('a large upload (taken apart on a parser thread) keeps its fields and file: flat price 4.50 on 6,000 rows', async () => {
  await clear();
  const sheet = csvFile(photoCsv(Array.from({ length: 6000 }, (_, i) => goodRow(`L${i + 1}`))));
  assert.ok(sheet.size > MULTIPART_IN_WORKER, `${sheet.size} bytes`);
  const job = await awaitJob(api.call, A.token, await upload(sheet, { photo_price_type_id: '2', photo_price: '4.50' }));
  assert.is(job.rows_written, 6000);
  const p = (await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1&pageCount=10&q=L5999`, { token: A.token })).body.data;
  assert.equal([p.data[0].bid_number, String(p.data[0].price), Number(p.data[0].price_type)], ['L5999', '4.50', 2]);
  const noPrice = await upload(sheet, { photo_price_type_id: '2', photo_price: '' });
  assert.equal(noPrice.body.errors.photo_price, ['The photo price field is required.']);
  const broken = await fetch(`${api.url}/api/uploadExcel`, {
    method: 'POST',
    body: `--xyz\r\nContent-Disposition: form-data; name="excel"; filename="a.csv"\r\n\r\n${'a'.repeat(MULTIPART_IN_WORKER + 10)}`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', Authorization: `Bearer ${A.token}`, Cookie: 'XSRF-TOKEN=t', 'X-XSRF-TOKEN': 't' },
  });
  assert.is(broken.status, 422);
  assert.equal((await broken.json()).errors.body, ['The request body could not be read.']);
});

test('deleteEventPhotos clears 4,500 photos (several delete chunks) and answers their count; the total follows', async () => {
  await clear();
  await awaitJob(api.call, A.token, await upload(csvFile(photoCsv(Array.from({ length: 4500 }, (_, i) => goodRow(i + 1))))));
  assert.is(await photoCount(), 4500);
  const r = await clear();
  assert.is(r.body.data.count, 4500);
  assert.is(await photoCount(), 0);
  const p = (await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1&pageCount=10`, { token: A.token })).body.data;
  assert.is(p.total, 0);
});

test('deleteEventPhotos clears the event with the spec message', async () => {
  await clear();
  await awaitJob(api.call, A.token, await upload(csvFile(photoCsv([goodRow(1), goodRow(2)]))));
  assert.is(await photoCount(), 2);
  const r = await clear();
  assert.is(r.body.message, 'Photos has been cleared.');
  assert.is(await photoCount(), 0);
  const p = (await api.call('GET', `getPhotosByEventId?event_id=${A.eventId}&page=1&pageCount=10`, { token: A.token })).body.data;
  assert.is(p.total, 0);
});

test('an unknown event is 404', async () => {
  assert.is((await api.call('GET', 'getPhotosByEventId?event_id=99999', { token: A.token })).status, 404);
});

test.run();
