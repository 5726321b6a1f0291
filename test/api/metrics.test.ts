import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnServer, type ChildServer } from './child-server.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApi, type TestApi } from './harness.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { enqueueMail } from '../../server/db/queries/outbox.ts';
import { makeRole } from './admin-helpers.ts';
import { awaitJob } from './import-job.ts';

// METRICS=1 serves Prometheus text on a listener of its own; its request counter moves with requests.
let server: ChildServer;
let metricsUrl = '';
const TOKEN = 'metrics-token-for-tests-0123';

test.before(async () => {
  server = await spawnServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'metrics-')), METRICS: '1', METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
  metricsUrl = /Metrics on (http:\/\/\S+?\/metrics)/.exec(server.output())![1];
});
test.after(async () => {
  await server?.stop();
  await api?.stop();
  await rx?.stop();
});

const scrape = async (url = metricsUrl) => {
  const r = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', 'text/plain');
  return r.text();
};
/** The value of one sample line, by its exact name and labels, or 0 when absent. */
const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(series + ' '))
      ?.split(' ')[1] ?? 0,
  );

test('the metrics listener is not the console and refuses a scrape without the token', async () => {
  assert.is.not(new URL(metricsUrl).port, new URL(server.url).port);
  assert.is((await fetch(metricsUrl)).status, 401);
  const onConsole = await (await fetch(`${server.url}/metrics`)).text();
  assert.not.ok(onConsole.includes('http_requests_total'), 'the console port does not serve the metrics');
});

test('/metrics parses as Prometheus text and its request counter moves with requests', async () => {
  const series = 'http_requests_total{method="GET",route="/api/ping",status="200"}';
  const before = sample(await scrape(), series);
  for (let i = 0; i < 3; i++) assert.is((await fetch(`${server.url}/api/ping`)).status, 200);
  const text = await scrape();
  assert.is(sample(text, series), before + 3);
  // Every line is a comment (# HELP / # TYPE) or `name{labels} value`; a value is a float as
  // Prometheus reads it (Go's ParseFloat: NaN in any case, e.g. prom-client's "Nan" before a first sample).
  for (const line of text.split('\n').filter(Boolean))
    assert.match(line, /^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{[^}]*\})? (-?[\d.e+-]+|[Nn][Aa][Nn]|[+-]Inf))$/, line);
  for (const name of [
    'http_request_duration_seconds_bucket',
    'nodejs_eventloop_lag_seconds',
    'process_resident_memory_bytes',
    'outbox_messages',
    'import_jobs',
  ])
    assert.ok(text.includes(`# TYPE ${name.replace(/_bucket$/, '')}`), `${name} is exported`);
});

test('events_backoffice_build_info names the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.is(sample(await scrape(), `events_backoffice_build_info{version="${version}"}`), 1);
});

// The operational events, counted where they happen, on a server in this process (its sender
// polls every 100 ms; a failed e-mail is tried again only after a minute).
let api: TestApi;
let rx: Receiver;
const apiScrape = async () => scrape(api.metricsUrl);
/** Scrapes until `series` reaches `at least` (or 5 s pass) and answers its last value. */
async function reaches(series: string, atLeast: number): Promise<number> {
  const end = Date.now() + 5000;
  let v = sample(await apiScrape(), series);
  while (v < atLeast && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = sample(await apiScrape(), series);
  }
  return v;
}

test('e-mails sent and failed are counted by kind, a failure by whether it is tried again', async () => {
  api = await startTestApi({ metrics: { host: '127.0.0.1', port: 0, token: TOKEN }, mail: { pollMs: 100, retryBaseMs: 60_000 } });
  rx = await startReceiver();
  const admin = await api.login();
  assert.is((await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(rx) })).status, 200);
  await enqueueMail(api.sql, { kind: 'booking', to: 'ann@example.org', subject: 'Booking accepted', text: 'hello' });
  await rx.waitFor((m) => m.subject === 'Booking accepted');
  assert.is(await reaches('emails_sent_total{kind="booking"}', 1), 1);
  // A header with a line break is refused for good: failed, not tried again.
  await enqueueMail(api.sql, { kind: 'booking', to: 'bob@example.org', subject: 'Line\nBreak', text: 'hello' });
  assert.is(await reaches('emails_failed_total{kind="booking",retry="no"}', 1), 1);
  // Nothing listening: failed for now, tried again later.
  await rx.stop();
  await enqueueMail(api.sql, { kind: 'booking', to: 'cy@example.org', subject: 'Receiver down', text: 'hello' });
  assert.is(await reaches('emails_failed_total{kind="booking",retry="yes"}', 1), 1);
  assert.is(sample(await apiScrape(), 'emails_sent_total{kind="booking"}'), 1, 'a failure is not counted as sent');
});

test('wrong passwords count as sign-in failures, and the refusals of the throttle as throttled', async () => {
  const text = await apiScrape();
  const failures = sample(text, 'sign_in_failures_total'),
    throttled = sample(text, 'sign_in_throttled_total');
  await api.login(); // a good sign-in counts as neither
  for (let i = 0; i < 10; i++) assert.is((await api.call('POST', 'login', { form: { email: 'nobody@example.org', password: 'Wrong-pass-1' } })).status, 401);
  assert.is((await api.call('POST', 'login', { form: { email: 'nobody@example.org', password: 'Wrong-pass-1' } })).status, 429);
  const after = await apiScrape();
  assert.is(sample(after, 'sign_in_failures_total'), failures + 10);
  assert.is(sample(after, 'sign_in_throttled_total'), throttled + 1);
});

test('an import job is timed by kind and final state', async () => {
  const admin = await api.login();
  await makeRole(api, admin, { name: 'support' });
  const file = new File(['name,email,password,role\nAnn Lee,ann.lee@example.org,,support\n'], 'users.csv', { type: 'text/csv' });
  const job = await awaitJob(api.call, admin, await api.call('POST', 'user/import', { token: admin, form: { file } }));
  assert.is(job.state, 'done', job.message);
  assert.is(await reaches('import_job_duration_seconds_count{kind="users",state="done"}', 1), 1);
  assert.is(sample(await apiScrape(), 'import_job_duration_seconds_bucket{le="+Inf",kind="users",state="done"}'), 1, 'a histogram with buckets');
});

test.run();
