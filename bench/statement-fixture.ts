import { randomInt } from 'node:crypto';

/**
 * The statements the product ran for each call of the mixed-load workload, as captured by
 * bench/statement-capture.ts and replayed by the reference server (bench/minimal-server.ts).
 * Nothing here knows the product: a fixture is text, parameters and the shape of the answer.
 */

export type Value = string | number | null;
export type Op = 'all' | 'get' | 'run';

/**
 * One statement as the product sent it: its text (on PostgreSQL with `$1…` as the driver got it),
 * its parameters, how it was called (`all`, `get`, `run`), its transaction (0 none, else the
 * call's n-th) and its group: statements of one group were sent before any of them answered.
 */
export interface Statement {
  text: string;
  params: Value[];
  op: Op;
  tx: number;
  group: number;
}

/**
 * Where an answer's `data` comes from: a paginator whose rows are the first `take` of statement
 * `from`'s (turned round first when `reverse`; its counts as the product answered them), the
 * first row of statement `from`, or a value as captured (an empty page the product read no rows for).
 */
export type Answer =
  | { kind: 'page'; from: number; take: number; reverse: boolean; meta: Record<string, unknown> }
  | { kind: 'row'; from: number }
  | { kind: 'value'; data: unknown };

/** A read: exactly what the product ran for this path and caller. */
export interface ReadEntry {
  message: string;
  statements: Statement[];
  answer: Answer;
}

/**
 * A parameter of a write, worked out from two captures (bench/write-template.ts): a constant, a
 * form field or the path's `id`, an earlier statement's parameter or first row's column, the time
 * now, a fresh random string like the one the product made (a booking token), or a text made of
 * these (an activity row's changes). `num`: answered as a number.
 */
export type Ref = (
  | { c: Value }
  | { in: string }
  | { par: [number, number] }
  | { res: [number, string] }
  | { now: 'ms' | 'iso' }
  | { fresh: { length: number; chars: string } }
  | { tpl: (string | Ref)[] }
) & { num?: boolean };

export interface TemplateStatement {
  text: string;
  params: Ref[];
  op: Op;
  tx: number;
  group: number;
}

/**
 * A write of the workload (mixed-workload.ts WRITES) by one caller: its route and fixed fields,
 * its statements, the answer's message and `data` (JSON text), and which values could not be
 * worked out and are replayed as captured (`kept`).
 */
export interface WriteTemplate {
  name: string;
  route: string;
  fixed: Record<string, string>;
  message: string;
  statements: TemplateStatement[];
  answer: Ref;
  kept: string[];
}

/** A capture: the session statement (its one parameter: the token's hex SHA-256), and each caller's reads by path and writes. */
export interface Fixture {
  engine: 'sqlite' | 'postgres';
  session: string;
  callers: Record<string, { reads: Record<string, ReadEntry>; writes: WriteTemplate[] }>;
}

/** What a write's parameters are worked out from: the request's fields and the statements run so far. */
export interface RenderContext {
  inputs: Record<string, string>;
  params: Value[][];
  rows: (Record<string, unknown> | undefined)[];
}

/** The value of `ref` in `ctx`. */
export function render(ref: Ref, ctx: RenderContext): Value {
  const v = raw(ref, ctx);
  return ref.num && typeof v === 'string' ? Number(v) : v;
}

function raw(ref: Ref, ctx: RenderContext): Value {
  if ('c' in ref) return ref.c;
  if ('in' in ref) return ctx.inputs[ref.in] ?? null;
  if ('par' in ref) return ctx.params[ref.par[0]]?.[ref.par[1]] ?? null;
  if ('res' in ref) return (ctx.rows[ref.res[0]]?.[ref.res[1]] ?? null) as Value;
  if ('now' in ref) return ref.now === 'ms' ? Date.now() : new Date().toISOString();
  if ('fresh' in ref) return Array.from({ length: ref.fresh.length }, () => ref.fresh.chars[randomInt(ref.fresh.chars.length)]).join('');
  return ref.tpl.map((p) => (typeof p === 'string' ? p : String(render(p, ctx) ?? ''))).join('');
}
