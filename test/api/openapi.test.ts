import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validate, compileErrors } from '@readme/openapi-parser';
import { startTestApi, type TestApi } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { openApiPath } from '../../server/http/openapi.ts';
import { CONTRACT } from '../../src/common/contract/schemas.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after(async () => {
  await api.stop();
});

test('GET /api/openapi.json is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
  const r = await api.call('GET', 'openapi.json');
  assert.is(r.status, 200);
  assert.is(r.body.openapi, '3.1.0');
  const result = await validate(structuredClone(r.body));
  assert.ok(result.valid, result.valid ? '' : compileErrors(result));
});

test('every route the Hono app registers is in the document, path params as {param}', async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const routes = createApp(api.sql, api.config, api.files).routes.filter((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*');
  assert.ok(routes.length > 100, `${routes.length} routes`);
  const missing = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
  assert.equal(missing, []);
  assert.ok(doc.paths['/api/page/{id}'].put, 'PUT /api/page/:id as /api/page/{id}');
  assert.equal(doc.paths['/api/page/{id}'].put.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
});

test('every CONTRACT key names a route the Hono app registers (a misspelt key would check nothing)', () => {
  const listed = new Set(createApp(api.sql, api.config, api.files).routes.map((r) => `${r.method} ${openApiPath(r.path)}`));
  assert.equal(
    Object.keys(CONTRACT).filter((k) => !listed.has(k)),
    [],
  );
  assert.ok(Object.keys(CONTRACT).length >= 40, `${Object.keys(CONTRACT).length} contract routes`);
});

test('every route the Hono app registers under /api and /recognition has its CONTRACT entry (answer, CSV or bytes)', () => {
  const routes = createApp(api.sql, api.config, api.files)
    .routes // The document and its reference page describe the others.
    .filter((r) => r.method !== 'ALL' && /^\/(api|recognition|uploads)\//.test(r.path) && r.path !== '/api/openapi.json' && r.path !== '/api/docs')
    .map((r) => `${r.method} ${openApiPath(r.path)}`);
  assert.ok(routes.length > 100, `${routes.length} routes`);
  const c = CONTRACT as Record<string, { data?: unknown; csv?: unknown; bytes?: unknown }>;
  assert.equal(
    [...new Set(routes)].filter((k) => !c[k] || !(c[k].data || c[k].csv || c[k].bytes)),
    [],
  );
});

test('routes of the contract carry its body and answer; others the generic envelope', async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const post = doc.paths['/api/page'].post;
  const body = post.requestBody.content['application/json'].schema;
  assert.equal(Object.keys(body.properties), ['title', 'content']);
  assert.equal(body.properties.title, { type: 'string', maxLength: 255 });
  const data = post.responses['200'].content['application/json'].schema.properties.data;
  assert.equal(Object.keys(data.properties), ['id', 'title', 'content']);
  const list = doc.paths['/api/page'].get.responses['200'].content['application/json'].schema.properties.data;
  assert.ok(list.properties.last_page && list.properties.data.items.properties.title, 'the paginator of pages');
  assert.is(doc.paths['/api/ping'].get.requestBody, undefined);
  assert.equal(doc.paths['/api/ping'].get.responses['200'].content['application/json'].schema.properties.data, { type: 'string', const: 'pong' });
  assert.ok(doc.components.schemas.Envelope.properties.status);
});

test('exports are documented as CSV files (or .xlsx with format=xlsx), an import as multipart, a query string as parameters', async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const exp = doc.paths['/api/user/export'].get.responses['200'];
  assert.equal(Object.keys(exp.content), ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  assert.match(exp.description, /users\.csv/);
  assert.match(exp.description, /users\.xlsx/);
  const format = doc.paths['/api/user/export'].get.parameters.find((p: { name: string }) => p.name === 'format');
  assert.equal(format, { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' } });
  const imp = doc.paths['/api/user/import'].post.requestBody.content;
  assert.equal(Object.keys(imp), ['multipart/form-data']);
  assert.is(imp['multipart/form-data'].schema.properties.file.format, 'binary');
  const kind = doc.paths['/api/import-job/current'].get.parameters.find((p: { name: string }) => p.name === 'kind');
  assert.equal([kind.in, kind.required, kind.schema.enum], ['query', true, ['users', 'photos', 'participants']]);
  const sheet = doc.paths['/api/event/{id}/participants'].post.requestBody.content;
  assert.is(sheet['multipart/form-data'].schema.properties.file.format, 'binary', 'the participants sheet is multipart too');
  const bulk = doc.paths['/api/user/bulk-delete'].post;
  assert.ok(bulk.requestBody.content['application/json'].schema.properties.ids, 'bulk-delete names its ids');
  assert.ok(bulk.responses['200'].content['application/json'].schema.properties.data.properties.deleted, 'and answers how many went');
});

test('GET /api/docs is a readable HTML reference without scripts or outside addresses', async () => {
  const res = await fetch(`${api.url}/api/docs`);
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  const html = await res.text();
  assert.match(html, /<td>POST<\/td><td><code>\/api\/page<\/code><\/td><td>Add a page<\/td><td>title: string, content: string<\/td>/);
  assert.not.match(html, /<script|https?:\/\//);
  // One section a resource, reached from the contents list; types and query parameters in words.
  assert.match(html, /<li><a href="#r-page">page<\/a>/);
  assert.match(html, /<section id="r-page"><h2>page<\/h2>/);
  assert.match(html, /<code>\/api\/import-job\/current<\/code><br>query: kind<\/td>/);
  assert.match(html, /<td>GET<\/td><td><code>\/api\/user\/export<\/code>(<br>[^<]*)?<\/td><td>[^<]*<\/td><td><\/td><td>a CSV file<\/td>/);
  assert.match(html, /role: string or number/);
});

test.run();
