import { z } from 'zod';
import { CONTRACT, envelope, ErrorEnvelope } from '../../src/common/contract/schemas.ts';
import { API_SCOPES, scopeOfCall } from '../../src/common/api-tokens.ts';
import { EXPORT_FORMATS, XLSX_TYPE } from '../../src/common/list-export.ts';

/** One route as Hono lists it (`app.routes`): `method` ALL marks middleware, not a route. */
export interface ListedRoute {
  method: string;
  path: string;
}

/**
 * A Hono path as an OpenAPI path: `:id` and `:id{[0-9]+}` become `{id}`, `:id?` `{id}`, a
 * trailing `*` `{path}` (the rest of the path). Example: "/api/user/:id" -> "/api/user/{id}".
 */
export const openApiPath = (p: string) =>
  p
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?\??/g, '{$1}')
    .replace(/\/\*$/, '/{path}')
    .replace(/^\*$/, '/{path}');

/** The routes of `routes` that answer requests (not middleware), each once, in registration order. */
export function documentedRoutes(routes: readonly ListedRoute[]): ListedRoute[] {
  const seen = new Set<string>();
  const out: ListedRoute[] = [];
  for (const r of routes) {
    if (r.method === 'ALL' || r.path === '*' || r.path === '/*') continue; // middleware and the console's fallback
    const key = `${r.method} ${openApiPath(r.path)}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ method: r.method, path: openApiPath(r.path) });
    }
  }
  return out;
}

const json = (s: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
const GENERIC = { $ref: '#/components/schemas/Envelope' };

/**
 * The OpenAPI 3.1 document of the app: every route of `routes` (Hono's
 * `app.routes`), with the body and answer of common/contract/schemas.ts CONTRACT where it
 * describes them and the generic success envelope otherwise; every route may answer the error
 * envelope (4XX); each operation names the API token scope it needs (`x-api-token-scope`,
 * `security`), from src/common/api-tokens.ts. Bodies are JSON or form-encoded alike (http/envelope.ts readBody), multipart
 * where the body has a file field; an export (`csv` columns) answers text/csv, or `.xlsx` with format=xlsx.
 */
export function openApiDocument(routes: readonly ListedRoute[], version = '1.0.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = {
    description: 'Refused: the error envelope (422 carries errors by field).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
  for (const r of documentedRoutes(routes)) {
    const c = CONTRACT[`${r.method} ${r.path}`];
    const params: Record<string, unknown>[] = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    // Every export answers CSV or, with format=xlsx, the same rows as a workbook (http/list-export.ts).
    if (c?.csv) params.push({ name: 'format', in: 'query', required: false, schema: { type: 'string', enum: [...EXPORT_FORMATS], default: 'csv' } });
    if (c?.query) {
      const q = json(c.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {}))
        params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
    const op: Record<string, unknown> = {
      summary: c?.summary ?? `${r.method} ${r.path}`,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      responses: {
        200: c?.bytes
          ? {
              description: 'The stored file, its bytes (ETag; 304 for a matching If-None-Match).',
              content: Object.fromEntries(c.bytes.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])),
            }
          : c?.csv
            ? {
                description: `A CSV file (attachment ${c.csv}.csv): UTF-8 with a BOM, a header row, RFC 4180; with format=xlsx the same rows as a workbook (${c.csv}.xlsx).`,
                content: { 'text/csv': { schema: { type: 'string' } }, [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
              }
            : { description: 'The success envelope.', content: { 'application/json': { schema: c?.data ? json(envelope(c.data), 'output') : GENERIC } } },
        '4XX': error,
      },
    };
    // The scope an API token needs for this call (src/common/api-tokens.ts); none: no token may make it.
    const needs = scopeOfCall(r.method, r.path);
    if (needs.kind === 'scope') op.security = [{ session: [] }, { apiToken: [needs.scope] }];
    op['x-api-token-scope'] = needs.kind === 'scope' ? needs.scope : null;
    if (params.length) op.parameters = params;
    if (c?.body) {
      const schema = json(c.body, 'input');
      // A body with a file (user/import) is multipart; the others JSON or form-encoded alike.
      const multipart = JSON.stringify(schema).includes('"format":"binary"');
      op.requestBody = {
        required: true,
        content: multipart ? { 'multipart/form-data': { schema } } : { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
      };
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Events back office API',
      version,
      description: 'Generated from the routes the server registers and the wire contract (src/common/contract).',
    },
    paths,
    components: {
      schemas: { Envelope: json(envelope(z.unknown()), 'output'), ErrorEnvelope: json(ErrorEnvelope, 'output') },
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token from POST /api/login. A call that changes data also sends the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header.',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ebo_…',
          description: `An API token made in My account → API tokens (docs/integrations.md); no XSRF header. Each operation names the scope it needs (x-api-token-scope; null: no token may call it). Scopes: ${API_SCOPES.join(', ')}.`,
          'x-scopes': API_SCOPES,
        },
      },
    },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};
/** A JSON schema's type in a few words: "string", "string or number", "'users' | 'photos'", "list of object", "file". */
function typeOf(s: Json | undefined): string {
  if (!s) return 'any';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.format === 'binary') return 'file';
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (s.type === 'array') return `list of ${typeOf(s.items)}`;
  return s.type ?? 'any';
}
/** Field names of a JSON schema object with their types, `?` on optional ones; '' when not an object. */
function fields(schema: Json | undefined): string {
  if (!schema?.properties) return '';
  return Object.entries(schema.properties)
    .map(([k, v]) => `${k}${schema.required?.includes(k) ? '' : '?'}: ${typeOf(v)}`)
    .join(', ');
}

/**
 * The document as one HTML page (GET /api/docs), for people: a contents list of the resources
 * (the path's first part after /api), then one table per resource with every operation's method,
 * path (and query parameters), summary, body fields and `data` fields with their types (`?`:
 * optional), or "a CSV file". No script, no style, no outside address (the CSP allows none).
 */
export function openApiHtml(doc: Record<string, unknown>): string {
  const groups = new Map<string, string[]>();
  for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, Record<string, any>>>)) {
    const group = p.split('/')[2] || '/';
    for (const [m, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema ?? op.requestBody?.content?.['multipart/form-data']?.schema;
      const csv = op.responses?.[200]?.content?.['text/csv'];
      const data = op.responses?.[200]?.content?.['application/json']?.schema?.properties?.data as Json | undefined;
      const bytes = op.responses?.[200]?.content?.['image/png'];
      const dataText = csv
        ? 'a CSV file'
        : bytes
          ? 'the stored file'
          : data?.properties
            ? fields(data)
            : data && (data.type || data.anyOf || data.const !== undefined)
              ? typeOf(data)
              : 'see the document';
      const query = (op.parameters ?? [])
        .filter((q: { in: string }) => q.in === 'query')
        .map((q: { name: string; required?: boolean }) => `${q.name}${q.required ? '' : '?'}`);
      const where = `<code>${esc(p)}</code>${query.length ? `<br>query: ${esc(query.join(', '))}` : ''}`;
      (groups.get(group) ?? groups.set(group, []).get(group)!).push(
        `<tr><td>${esc(m.toUpperCase())}</td><td>${where}</td><td>${esc(op.summary)}</td><td>${esc(fields(body))}</td><td>${esc(dataText)}</td></tr>`,
      );
    }
  }
  const names = [...groups.keys()].sort((a, b) => a.localeCompare(b));
  const id = (g: string) => `r-${g.replace(/[^A-Za-z0-9-]/g, '_')}`;
  const sections = names.map(
    (g) => `<section id="${id(g)}"><h2>${esc(g)}</h2>
<table border="1" cellpadding="4"><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Body</th><th>data</th></tr></thead><tbody>
${groups.get(g)!.join('\n')}
</tbody></table></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API reference</title></head><body>
<h1>API reference</h1>
<p>Every call answers the envelope <code>{ status, message, data }</code>; a refusal answers <code>{ message, errors? }</code> with a 4xx status (422 names each field at fault in <code>errors</code>). Bodies are JSON or form-encoded alike; a file goes as multipart. In the tables, <code>?</code> marks an optional field. The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav><h2>Resources</h2><ul>${names.map((g) => `<li><a href="#${id(g)}">${esc(g)}</a> (${groups.get(g)!.length})</li>`).join('')}</ul></nav>
${sections.join('\n')}
</body></html>`;
}
