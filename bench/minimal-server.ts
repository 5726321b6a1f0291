import http from 'node:http';
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openPostgresReference, openSqliteReference, type ReferenceDb, type Rows } from './reference-db.ts';
import { render, type Answer, type Fixture, type RenderContext, type Value, type WriteTemplate } from './statement-fixture.ts';

/**
 * The reference of bench/mixed-load.ts: a server that does per request only what any server must,
 * on node:http with no framework:
 * 1. the bearer token's SHA-256 (hex);
 * 2. one session statement: the product's own token lookup (`Fixture.session`), 401 when it finds
 *    no live session; its user picks the caller's captured calls;
 * 3. the product's own SQL for the call, as bench/statement-capture.ts captured it from the product:
 *    a read's statements exactly (GET, by path and query as sent), a write's from its template (PUT,
 *    by route and fixed fields; parameters from the form, the path's id and earlier rows), in the
 *    product's transactions;
 * 4. the answer as JSON: the product's envelope `{ status, message, data }`, `data` being the rows
 *    the product answered from (a paginator's page, a record), unshaped.
 * 404 for a call the capture does not hold. It checks no ability, screen or input: the capture
 * holds only calls the product answered 200 for this caller.
 *
 * Bundled by bench/mixed-load.ts (esbuild) and run with `npm start`'s Node flags. Env: STATEMENTS
 * (the capture's JSON file), DATABASE_URL (postgres://…) or DATA_DIR (its app.db), PG_POOL_MAX (20),
 * PORT (0: a free one). Prints "Reference server listening on http://127.0.0.1:<port>"; SIGTERM closes it.
 */

const fixture = JSON.parse(readFileSync(process.env.STATEMENTS!, 'utf8')) as Fixture;
const db: ReferenceDb =
  fixture.engine === 'postgres'
    ? openPostgresReference(process.env.DATABASE_URL!, Number(process.env.PG_POOL_MAX || 20))
    : openSqliteReference(process.env.DATA_DIR ?? 'data');

/** Each caller's writes as a path pattern (`:id` a record id) and the fixed form fields that tell them apart. */
const writes = new Map(
  Object.entries(fixture.callers).map(([user, c]) => [
    user,
    c.writes.map((t) => ({
      pattern: new RegExp(`^${t.route.replace(':id', '(\\d{1,12})')}$`),
      template: t,
    })),
  ]),
);

/** A refusal: its status and message. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const HELPER_COLUMN = /^(list_|tenant_owner$)/;
/** A page's rows without the helper columns the product drops before answering (list_total, list_k0, tenant_owner). */
const shown = (rows: Rows) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !HELPER_COLUMN.test(k))));

/** A read's `data` from its statements' rows. */
function dataOf(answer: Answer, rows: Rows[]): unknown {
  if (answer.kind === 'page') {
    const page = answer.reverse ? [...rows[answer.from]].reverse() : rows[answer.from];
    return { ...answer.meta, data: shown(page.slice(0, answer.take)) };
  }
  if (answer.kind === 'row') return shown(rows[answer.from].slice(0, 1))[0] ?? null;
  return answer.data;
}

const bodyOf = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/** Runs a write's template with the request's inputs; resolves to its answer's data as JSON text. */
async function write(t: WriteTemplate, inputs: Record<string, string>): Promise<string> {
  const ctx: RenderContext = { inputs, params: [], rows: [] };
  const rows = await db.run(
    t.statements,
    (i, earlier) => {
      ctx.rows = earlier.map((r) => r[0]);
      return (ctx.params[i] = t.statements[i].params.map((ref) => render(ref, ctx)));
    },
    false,
  );
  ctx.rows = rows.map((r) => r[0]);
  return String(render(t.answer, ctx));
}

/** The answer's status and envelope for one request. */
async function handle(req: http.IncomingMessage): Promise<[number, string]> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  const user = token ? (await db.session(fixture.session, hash('sha256', token, 'hex')))[0] : undefined;
  if (!user) throw new Refusal(401, 'Unauthenticated.');
  const caller = String(user.id);
  const path = req.url ?? '/';
  if (req.method === 'GET') {
    const read = fixture.callers[caller]?.reads[path];
    if (!read) throw new Refusal(404, 'Not found.');
    const rows = await db.run(read.statements, (i) => read.statements[i].params as Value[], true);
    return [200, JSON.stringify({ status: 'success', message: read.message, data: dataOf(read.answer, rows) })];
  }
  const form = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
  for (const { pattern, template } of writes.get(caller) ?? []) {
    const id = pattern.exec(path)?.[1];
    if (id === undefined || Object.entries(template.fixed).some(([k, v]) => form[k] !== v)) continue;
    const data = await write(template, { ...form, id });
    return [200, `{"status":"success","message":${JSON.stringify(template.message)},"data":${data}}`];
  }
  throw new Refusal(404, 'Not found.');
}

const server = http.createServer((req, res) => {
  handle(req)
    .catch((err: unknown): [number, string] => {
      const status = err instanceof Refusal ? err.status : 500;
      if (status === 500) console.error(err);
      return [status, JSON.stringify({ status: 'error', message: err instanceof Error ? err.message : 'Server error.', data: null })];
    })
    .then(([status, text]) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Reference server listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void db.close().then(() => process.exit(0));
  });
  server.closeAllConnections();
});
