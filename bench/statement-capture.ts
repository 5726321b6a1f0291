import { createHash } from 'node:crypto';
import type { Param, Sql } from '../server/db/sql.ts';
import type { AppConfig } from '../server/http/context.ts';
import { openDatabase } from '../server/db/index.ts';
import { toPg } from '../server/db/postgres-text.ts';
import { createApp } from '../server/app.ts';
import { configureAnswerCache } from '../server/http/answer-cache.ts';
import { SIGN_INS } from './mixed-fill.ts';
import { generator, kindOf, KINDS, readCatalogue, WRITES, writeCall, type Call, type Ids, type Kind } from './mixed-workload.ts';
import type { Answer, Fixture, Op, Statement, Value } from './statement-fixture.ts';
import { deriveWrite, type WriteCapture } from './write-template.ts';

/**
 * Capturing the product's statements for every call of the mixed-load workload (bench/mixed-load.ts):
 * the product's app runs in this process on the filled database, its `Sql` wrapped so that each
 * statement a call sends is noted with its parameters, its transaction and its first rows; nothing
 * of the product's query building is imported by the reference, only the text it sent.
 *
 * - The session's statements are those sent from the session's own query modules
 *   (server/db/queries/auth.ts: the token lookup, abilities, menus, assignable roles;
 *   server/db/queries/sessions.ts: "last used"), told by the call stack. The reference replaces them
 *   with one statement: the product's token lookup (`Fixture.session`); everything else a call sent
 *   is the call's own and the reference sends it too.
 * - Writes: each of the workload's writes twice per caller, on other records with other values;
 *   bench/write-template.ts works out each parameter from the two. They go first, so that the
 *   reads see the data both servers start from.
 * - Reads: every path of each kind's catalogue, once, with the answer cache off (so every read
 *   shows its SQL); kept exactly, parameters and all.
 * Every call must answer 200; anything else throws, so the workload never measures refusals.
 */

/** A noted statement: what the fixture keeps, its first rows, and whether the session sent it. */
type Noted = Statement & { rows: Record<string, unknown>[]; session: boolean };

const SESSION_MODULES = /[\\/]server[\\/]db[\\/]queries[\\/](auth|sessions)\.ts/;

const value = (p: Param): Value => {
  if (typeof p === 'string' || typeof p === 'number' || p === null) return p;
  throw new Error(`the workload sent a ${typeof p} parameter, which the fixture cannot hold`);
};

/** `inner` wrapped so that, between start() and stop(), every statement is noted in the order sent. */
function recorder(inner: Sql) {
  let log: Noted[] | null = null;
  let txs = 0,
    group = 0,
    pending = 0;
  const wrap = (h: Sql, tx: number): Sql => {
    const call = <T>(op: Op, text: string, params: Param[] | undefined, run: () => Promise<T>): Promise<T> => {
      if (!log) return run();
      const noted: Noted = {
        text: inner.engine === 'postgres' ? toPg(text) : text,
        params: (params ?? []).map(value),
        op,
        tx,
        group: pending ? group : ++group,
        session: SESSION_MODULES.test(new Error().stack ?? ''),
        rows: [],
      };
      log.push(noted);
      pending++;
      return run()
        .then((out) => {
          // A copy: the product deletes helper columns from the rows it got (list_total, list_k0).
          noted.rows = structuredClone(op === 'run' ? [] : op === 'get' ? (out ? [out] : []) : (out as Record<string, unknown>[]));
          return out;
        })
        .finally(() => pending--);
    };
    return {
      ...h,
      all: (s, p) => call('all', s, p, () => h.all(s, p)),
      get: (s, p) => call('get', s, p, () => h.get(s, p)),
      run: (s, p) => call('run', s, p, () => h.run(s, p)),
      runMany: (s, rows) => {
        if (log) throw new Error('the workload made a bulk write, which the fixture cannot hold');
        return h.runMany(s, rows);
      },
      transaction: (fn) => h.transaction((t) => fn(wrap(t, tx || (log ? ++txs : 0)))),
    };
  };
  return {
    sql: wrap(inner, 0),
    start: () => {
      log = [];
      txs = 0;
      group = 0;
    },
    stop: () => {
      const l = log ?? [];
      log = null;
      return l;
    },
  };
}

/**
 * Where a read's answer comes from (statement-fixture.ts Answer): the statement whose rows it
 * shows (a page may read one row more, to know there is a next one, or read from the far end and
 * turn the rows round), else the value itself.
 */
function answerOf(data: unknown, noted: Noted[]): Answer {
  const ids = (rows: unknown[]) => rows.map((r) => String((r as { id?: unknown }).id)).join(',');
  const d = data as { data?: unknown; id?: unknown; current_page?: unknown } | null;
  if (d && Array.isArray(d.data) && 'current_page' in d) {
    const want = ids(d.data),
      take = d.data.length;
    const { data: _, ...meta } = d;
    for (let from = noted.length - 1; take && from >= 0; from--) {
      const rows = noted[from].rows;
      if (noted[from].op !== 'all') continue;
      if (ids(rows.slice(0, take)) === want) return { kind: 'page', from, take, reverse: false, meta };
      if (ids([...rows].reverse().slice(0, take)) === want) return { kind: 'page', from, take, reverse: true, meta };
    }
    return { kind: 'value', data };
  }
  if (d && typeof d === 'object' && 'id' in d) {
    const from = noted.findLastIndex((s) => s.rows.length > 0 && String(s.rows[0].id) === String(d.id));
    if (from >= 0) return { kind: 'row', from };
  }
  return { kind: 'value', data };
}

export interface Connection {
  kind: Kind;
  userId: number;
  headers: Record<string, string>;
}
export interface Capture {
  fixture: Fixture;
  connections: Connection[];
  catalogues: Record<Kind, string[]>;
  summary: string;
}

type Send = (
  call: Pick<Call, 'path' | 'body'> & { method: string },
  headers: Record<string, string>,
) => Promise<{ body: { message: string; data: unknown }; noted: Noted[] }>;

/** One call to the product's app in this process: its answer (200, or it throws) and the statements it sent. */
function sender(app: ReturnType<typeof createApp>, rec: ReturnType<typeof recorder>): Send {
  return async (call, headers) => {
    rec.start();
    const r = await app.fetch(
      new Request(`http://127.0.0.1${call.path}`, {
        method: call.method,
        body: call.body,
        headers: call.body === undefined ? headers : { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    const body = (await r.json()) as { message: string; data: unknown };
    const noted = rec.stop();
    if (r.status !== 200) throw new Error(`capture: ${call.method} ${call.path} answered ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { body, noted };
  };
}

/** Signs in connection c as kindOf(c) (each its own session, as each browser has); resolves to them and their tokens' hashes. */
async function signIn(app: ReturnType<typeof createApp>, send: Send, connections: number) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec((await app.fetch(new Request('http://127.0.0.1/api/ping'))).headers.get('set-cookie') ?? '')![1];
  const plain = { Accept: 'application/json', Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf };
  const signed: Connection[] = [];
  const hashes = new Set<string>();
  for (let c = 0; c < connections; c++) {
    const kind = kindOf(c);
    const { body } = await send({ method: 'POST', path: '/api/login', body: new URLSearchParams(SIGN_INS[kind]).toString() }, plain);
    const token = (body.data as { token: string }).token;
    hashes.add(createHash('sha256').update(token).digest('hex'));
    const headers = { ...plain, Authorization: `Bearer ${token}` };
    const me = await send({ method: 'GET', path: '/api/user/get' }, headers);
    signed.push({ kind, userId: Number((me.body.data as { id: number }).id), headers });
  }
  return { signed, hashes };
}

const strip = (s: Noted): Statement => ({ text: s.text, params: s.params, op: s.op, tx: s.tx, group: s.group });

/**
 * Signs in `connections` connections through the product and captures every call of the workload
 * on the database of `dataDir` / `url` (filled by bench/mixed-fill.ts), as described above. The
 * sessions stay in the database, so copies of it made afterwards serve them.
 */
export async function captureStatements(dataDir: string, url: string | undefined, ids: Ids, connections: number): Promise<Capture> {
  const inner = await openDatabase(dataDir, url);
  const rec = recorder(inner);
  const stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100; // the session's modules may sit deep under the middleware
  configureAnswerCache({ enabled: false });
  const config: AppConfig = {
    dataDir,
    staticDir: dataDir,
    recognitionToken: '',
    clientAppUrl: 'https://app.example.com',
    publicUrl: 'http://127.0.0.1',
    now: Date.now,
    smtpTlsInsecure: false,
    activityLog: true,
    twoStepKey: null,
  };
  const app = createApp(rec.sql, config);
  const send = sender(app, rec);
  try {
    const { signed, hashes } = await signIn(app, send, connections);
    let session = '',
      reads = 0,
      sent = 0,
      left = 0;
    /** A call's own statements; notes the session lookup's text the first time it goes by. */
    const own = (noted: Noted[]) => {
      for (const s of noted)
        if (s.session && !session && s.text.trimStart().startsWith('SELECT') && s.params.length === 1 && hashes.has(String(s.params[0]))) session = s.text;
      left += noted.filter((s) => s.session).length;
      return noted.filter((s) => !s.session);
    };
    const firstOf = (kind: Kind) => signed.find((s) => s.kind === kind)!;
    const callers: Fixture['callers'] = Object.fromEntries(KINDS.map((k) => [firstOf(k).userId, { reads: {}, writes: [] }]));
    const lines: string[] = [];
    // Writes first: the reads are then captured on the data both servers start from.
    const rng = generator(7);
    let n = 0,
      booking = 0;
    for (const kind of KINDS) {
      for (const write of WRITES.filter((w) => w.kinds.includes(kind))) {
        const captures: WriteCapture[] = [];
        while (captures.length < 2) {
          const { id, fields } = write.vary(ids, rng, ++n, () => ids.captureBookings[booking++]);
          if (captures[0]?.inputs.id === String(id)) continue;
          const at = Date.now();
          const { body, noted } = await send(writeCall(write, id, fields), firstOf(kind).headers);
          captures.push({ statements: own(noted), inputs: { id: String(id), ...fields, ...write.fixed }, at, answer: JSON.stringify(body.data) });
          if (captures.length < 2) continue;
          const t = deriveWrite(captures[0], captures[1]);
          callers[firstOf(kind).userId].writes.push({ name: write.name, route: write.route, fixed: write.fixed, message: body.message, ...t });
          lines.push(`${write.name} (${kind}) ${t.statements.length} statements${t.kept.length ? ` (replayed as captured: ${t.kept.join(', ')})` : ''}`);
        }
      }
    }
    const catalogues = Object.fromEntries(KINDS.map((k) => [k, readCatalogue(k, ids)])) as Record<Kind, string[]>;
    for (const kind of KINDS) {
      for (const path of new Set(catalogues[kind])) {
        const { body, noted } = await send({ method: 'GET', path }, firstOf(kind).headers);
        const statements = own(noted);
        callers[firstOf(kind).userId].reads[path] = { message: body.message, statements: statements.map(strip), answer: answerOf(body.data, statements) };
        reads++;
        sent += statements.length;
      }
    }
    if (!session) throw new Error('capture: no session statement (a SELECT of the token hash from server/db/queries/auth.ts) was seen');
    const summary = `captured ${reads} distinct reads (${sent} statements; ${left} session statements left out) and writes: ${lines.join('; ')}`;
    return { fixture: { engine: inner.engine, session, callers }, connections: signed, catalogues, summary };
  } finally {
    Error.stackTraceLimit = stackLimit;
    configureAnswerCache({ enabled: true }); // the product's default, for whatever runs in this process next
    await inner.close();
  }
}
