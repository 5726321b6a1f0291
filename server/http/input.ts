import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { readBody } from './envelope.ts';
import { parseBody } from './validate.ts';

/**
 * Route input checked against the wire contract: a route names the contract
 * schema of what it reads (src/common/contract/schemas.ts) and takes the parsed value from hono's
 * validated-data store, so no route reads an unchecked field:
 *
 *   .post('/', requireAbility('pages.create'), body(PageInput), (c) => create(c.req.valid('form')))
 *
 * Put it after the route's access checks: who may call comes first (401/403), then what they sent
 * (422). Messages are the spec's Laravel wording (http/validate.ts parseBody).
 */

/**
 * The request body checked against `schema`; the parsed value is `c.req.valid('form')`.
 * The body is read by `readBody` (http/envelope.ts) whatever its media type — JSON,
 * urlencoded or multipart (large uploads taken apart on a parser thread), with the size bound
 * and the NUL/unpaired-surrogate check — rather than by hono's own `form`/`json` targets, which
 * would parse a large multipart upload on the event loop and accept one media type each.
 * Throws 422 `validation_error` (one message per field) when the body does not fit; 422 for an
 * unreadable body. `labels` names a field in the messages (default: its name, _ as space).
 */
export function body<S extends z.ZodType>(
  schema: S,
  labels: Record<string, string> = {},
): MiddlewareHandler<AppEnv, string, { in: { form: z.input<S> }; out: { form: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData('form', parseBody(schema, await readBody(c), labels) as object);
    await next();
  };
}

/**
 * The query string checked against `schema`, read as hono's validator reads its `query` target
 * (one value per name, a repeated name as a list); the parsed value is `c.req.valid('query')`.
 * Throws 422 as `body` does. Not hono's `validator('query')`: that one reads the Content-Type
 * header first for every target, which makes @hono/node-server build a whole WHATWG Request
 * (its Headers, its body stream) for a GET that has neither.
 */
export function query<S extends z.ZodType>(
  schema: S,
  labels: Record<string, string> = {},
): MiddlewareHandler<AppEnv, string, { in: { query: Record<string, string | string[]> }; out: { query: z.output<S> } }> {
  return async (c, next) => {
    // fromEntries defines own properties: a name such as `__proto__` stays a field.
    const value = Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
    c.req.addValidatedData('query', parseBody(schema, value, labels) as object);
    await next();
  };
}
