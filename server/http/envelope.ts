import type { Context } from 'hono';
import { answer } from './answer.ts';
import { saySuccess } from './api-language.ts';
import { validationError } from './http-error.ts';
import { hasBadText } from './text.ts';
import { MULTIPART_IN_WORKER } from '../lib/spreadsheets/multipart-parse.ts';
import { parseMultipartInWorker } from '../lib/spreadsheets/spreadsheet-runner.ts';

/**
 * The success envelope of DESIGN.md §2: `{ status: "success", message, code?, data }`. `message` is
 * passed in the API's English and said in the caller's language, with its stable `code` beside it
 * when it is a coded success message (api-language.ts saySuccess, docs/languages.md "API messages").
 */
export function ok(c: Context, data: unknown = null, message = ''): Response {
  if (!message) return answer(c, okBody(data));
  const said = saySuccess(c, message);
  if (!said.code) return answer(c, okBody(data, message));
  return answer(c, JSON.stringify({ status: 'success', message: said.text, code: said.code, data }));
}
/** The JSON text of a success envelope. */
export const okBody = (data: unknown = null, message = '') => JSON.stringify({ status: 'success', message, data });

/** The refusal of a body that cannot be read as its content type says (422 on `body`). */
const unreadable = () => validationError({ body: ['The request body could not be read.'] });

/**
 * The request body as a flat object: form-encoded or multipart (files stay `File`), or JSON.
 * Repeated keys keep the last value. An empty body is `{}`.
 * Errors: 422 on `body` when the body is malformed (broken multipart, invalid JSON, a JSON value
 * that is not an object); 422 on the field holding text with a NUL byte or an unpaired surrogate
 * (no engine stores such text the same way).
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (type.includes('application/json')) {
    const text = await c.req.text().catch(() => {
      throw unreadable();
    });
    if (text.trim() !== '') {
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        throw unreadable();
      }
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw unreadable();
      body = v as Record<string, unknown>;
    }
  } else if (/multipart\/form-data/i.test(type) && Number(c.req.header('content-length') ?? 0) > MULTIPART_IN_WORKER) {
    // A large upload (a sheet, an image) is taken apart on a parser thread, not here.
    const bytes = new Uint8Array(
      await c.req.arrayBuffer().catch(() => {
        throw unreadable();
      }),
    );
    const r = await parseMultipartInWorker(bytes, type);
    if (!r.ok) throw unreadable();
    for (const [k, v] of r.fields) body[k] = v;
    for (const [k, name, media, buf] of r.files) body[k] = new File([buf], name, { type: media });
  } else if (type.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    // The console's forms: read as text and split here, not through a WHATWG Response and its FormData.
    body = urlencodedBody(
      await c.req.text().catch(() => {
        throw unreadable();
      }),
    );
  } else if (type.includes('form')) {
    try {
      body = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw unreadable();
    }
  }
  for (const [field, value] of Object.entries(body)) {
    if (hasBadText(value)) throw validationError({ [field]: [`The ${field.replaceAll('_', ' ').slice(0, 60)} contains characters that are not allowed.`] });
  }
  c.set('body', body);
  return body;
}

/**
 * An application/x-www-form-urlencoded body as hono's `parseBody` gives it: per name its last
 * value, except names ending in `[]`, whose values come as an array; on an object without a
 * prototype (a field named `__proto__` is a field like any other).
 */
export function urlencodedBody(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (!name.endsWith('[]')) form[name] = value;
    else {
      const all = form[name];
      if (Array.isArray(all)) all.push(value);
      else form[name] = [value];
    }
  }
  return form;
}

/** Largest id the API accepts: ids are 32-bit signed integers on both engines. */
export const MAX_ID = 2 ** 31 - 1;

/** A positive integer below 2^31 from a path, query or body value, or NaN (which matches no row). */
export const toId = (v: string | undefined | null) => {
  if (!v || !/^\d{1,10}$/.test(v)) return NaN;
  const n = Number(v);
  return n >= 1 && n <= MAX_ID ? n : NaN;
};

/**
 * `?pageCount=N` as a page size from 1 to `max`; `max` when missing or malformed. A list with a
 * spec size (videos and conference users: 5, organiser-console §9) may be asked for fewer rows,
 * never more.
 */
export const pageCountOf = (v: string | undefined, max: number) => Math.min(max, Math.max(1, toId(v ?? '') || max));

/** `?page=N` as a page number from 1 to MAX_ID; anything else (missing, malformed, huge) is page 1. */
export const pageOf = (v: string | undefined) => toId(v ?? '') || 1;
