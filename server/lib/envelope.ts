import type { Context } from 'hono';

/** The success envelope of DESIGN.md §2: `{ status: "success", message, data }`. */
export const ok = (c: Context, data: unknown = null, message = '') => c.json({ status: 'success', message, data });

/**
 * The request body as a flat object: form-encoded or multipart (files stay `File`), or JSON.
 * Repeated keys keep the last value.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const v = await c.req.json().catch(() => null);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  }
  if (type.includes('form')) return (await c.req.parseBody()) as Record<string, unknown>;
  return {};
}

/**
 * An id from a path or query value: an integer 1 … 2^31 - 1 (what both engines' keys hold), else 0,
 * which names no row, so lookups answer 404 and no engine is handed a value it cannot compare.
 */
export const toId = (v: string | undefined | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2 ** 31 ? Number(v) : 0);
/** `?page=N` as a page number >= 1. */
export const pageOf = (v: string | undefined) => Math.max(1, toId(v ?? '') || 1);
