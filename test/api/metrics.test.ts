import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnServer, type ChildServer } from './child-server.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// METRICS=1 serves Prometheus text on a listener of its own; its request counter moves with requests.
let server: ChildServer;
let metricsUrl = '';
const TOKEN = 'metrics-token-for-tests-0123';

test.before(async () => {
  server = await spawnServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'metrics-')), METRICS: '1', METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
  metricsUrl = /Metrics on (http:\/\/\S+?\/metrics)/.exec(server.output())![1];
});
test.after(async () => { await server?.stop(); });

const scrape = async () => {
  const r = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', 'text/plain');
  return r.text();
};
/** The value of one sample line, by its exact name and labels, or 0 when absent. */
const sample = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(series + ' '))?.split(' ')[1] ?? 0);

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
  for (const line of text.split('\n').filter(Boolean)) assert.match(line, /^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{[^}]*\})? (-?[\d.e+-]+|[Nn][Aa][Nn]|[+-]Inf))$/, line);
  for (const name of ['http_request_duration_seconds_bucket', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'outbox_messages', 'import_jobs'])
    assert.ok(text.includes(`# TYPE ${name.replace(/_bucket$/, '')}`), `${name} is exported`);
});

test.run();
