import { render, type Ref, type RenderContext, type Statement, type TemplateStatement, type Value } from './statement-fixture.ts';

/**
 * Working out a write's template from two captures of it with different inputs (another record,
 * other field values): each parameter of capture A is explained by what it equals in A, and the
 * explanation is kept only when it gives capture B's parameter from B's inputs and statements.
 * Whatever nothing explains (a value the product read from elsewhere) is replayed as in A and
 * listed (`kept`), so a template never silently does less than the product did.
 */

/** One capture of a write: its statements with their first rows, its inputs (`id` and the form fields), when it ran, and its answer's data as JSON. */
export interface WriteCapture {
  statements: (Statement & { rows: Record<string, unknown>[] })[];
  inputs: Record<string, string>;
  at: number;
  answer: string;
}

/** Within this of the capture's time (ms) a number or ISO text is "now". */
const NOW_MS = 10 * 60_000;
/** The shortest value a text is searched for (shorter ones match by chance). */
const MIN_PART = 3;

const contextOf = (c: WriteCapture, before: number): RenderContext => ({
  inputs: c.inputs,
  params: c.statements.slice(0, before).map((s) => s.params),
  rows: c.statements.slice(0, before).map((s) => s.rows[0]),
});

/** What a value of statement `before` may come from: the inputs, then earlier parameters, then earlier first rows' columns. */
function sources(c: WriteCapture, before: number): Ref[] {
  const refs: Ref[] = Object.keys(c.inputs).map((k) => ({ in: k }));
  for (let k = 0; k < before; k++) {
    c.statements[k].params.forEach((_, j) => {
      refs.push({ par: [k, j] });
    });
    for (const [col, v] of Object.entries(c.statements[k].rows[0] ?? {})) if (typeof v === 'string' || typeof v === 'number') refs.push({ res: [k, col] });
  }
  return refs;
}

const same = (x: Value | undefined, y: Value | undefined) => x !== null && x !== undefined && y !== null && y !== undefined && String(x) === String(y);
const nearNow = (v: Value, at: number) =>
  typeof v === 'number'
    ? Math.abs(v - at) < NOW_MS
    : typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && Math.abs(Date.parse(v) - at) < NOW_MS;

/**
 * `text` cut into literal pieces and the refs whose A values occur in it, longest first: values of
 * at least MIN_PART characters (shorter ones match by chance), or any input when `inputs` (a short
 * id). Values equal in both captures stay literal.
 */
function pieces(text: string, refs: Ref[], ctxA: RenderContext, ctxB: RenderContext, inputs: boolean): (string | Ref)[] {
  const found = refs
    .map((ref) => [ref, String(render(ref, ctxA) ?? '')] as const)
    .filter(([ref, v]) => (v.length >= MIN_PART || (inputs && 'in' in ref && v)) && text.includes(v) && v !== String(render(ref, ctxB) ?? ''))
    .sort((x, y) => y[1].length - x[1].length);
  const out: (string | Ref)[] = [];
  let literal = '';
  for (let i = 0; i < text.length; ) {
    const hit = found.find(([, v]) => text.startsWith(v, i));
    if (hit) {
      if (literal) out.push(literal);
      literal = '';
      out.push(hit[0]);
      i += hit[1].length;
    } else literal += text[i++];
  }
  if (literal) out.push(literal);
  return out;
}

/** The characters a fresh value like `a` and `b` is made of. */
function alphabet(a: string, b: string): string {
  const s = a + b;
  return [
    [/[A-Z]/, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
    [/[a-z]/, 'abcdefghijklmnopqrstuvwxyz'],
    [/\d/, '0123456789'],
    [/-/, '-'],
    [/_/, '_'],
  ]
    .filter(([re]) => (re as RegExp).test(s))
    .map(([, chars]) => chars)
    .join('');
}

/** The ref of value `a` (capture A, statement `before`) that also gives `b` in capture B, or undefined when none does. */
function explain(a: Value, b: Value, ca: WriteCapture, cb: WriteCapture, before: number): Ref | undefined {
  if (a === b) return { c: a };
  const num = typeof a === 'number' ? { num: true } : {};
  const ctxA = contextOf(ca, before),
    ctxB = contextOf(cb, before);
  const refs = sources(ca, before);
  const direct = refs.find((ref) => same(render(ref, ctxA), a) && same(render(ref, ctxB), b));
  if (direct) return { ...direct, ...num };
  if (nearNow(a, ca.at) && nearNow(b, cb.at)) return { now: typeof a === 'number' ? 'ms' : 'iso' };
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  for (const inputs of [false, true]) {
    const tpl = pieces(a, refs, ctxA, ctxB, inputs);
    if (tpl.some((p) => typeof p !== 'string') && render({ tpl }, ctxB) === b) return { tpl };
  }
  // A value the product made up (a booking token): as long, of the same characters.
  if (/^[\w-]{6,128}$/.test(a) && a.length === b.length) return { fresh: { length: a.length, chars: alphabet(a, b) } };
  return undefined;
}

/**
 * The template of a write captured as `a` and `b` (the same statements, other inputs): every
 * parameter and the answer explained, or kept as in `a` and counted. Throws when the two
 * captures ran different statements (the write's path depends on more than the workload varies).
 */
export function deriveWrite(a: WriteCapture, b: WriteCapture): { statements: TemplateStatement[]; answer: Ref; kept: string[] } {
  const texts = (c: WriteCapture) => c.statements.map((s) => s.text).join('\n');
  if (texts(a) !== texts(b)) throw new Error(`two captures of one write ran different statements:\n${texts(a)}\n---\n${texts(b)}`);
  const kept: string[] = [];
  const keep = (ref: Ref | undefined, v: Value, where: string): Ref => {
    if (ref) return ref;
    kept.push(where);
    return { c: v };
  };
  const statements = a.statements.map((s, i) => ({
    text: s.text,
    op: s.op,
    tx: s.tx,
    group: s.group,
    params: s.params.map((v, j) =>
      keep(explain(v, b.statements[i].params[j], a, b, i), v, `parameter ${j + 1} of "${s.text.replace(/\s+/g, ' ').slice(0, 40)}…"`),
    ),
  }));
  const answer = keep(explain(a.answer, b.answer, a, b, a.statements.length), a.answer, 'the answer');
  return { statements, answer, kept };
}
