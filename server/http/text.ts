/**
 * Text no engine stores faithfully: a NUL byte (PostgreSQL refuses it, SQLite cuts at it) or an
 * unpaired UTF-16 surrogate (not encodable as UTF-8). Used by readBody (http/envelope.ts) and the
 * URL check (http/middleware/security.ts) to answer 422/404 before anything reaches the database.
 * Walks nested arrays/objects of a JSON body; other values (numbers, files) are fine.
 */
export function hasBadText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);
  if (depth > 20 || !v || typeof v !== 'object' || v instanceof Blob) return false;
  return Object.entries(v).some(([k, x]) => hasBadText(k) || hasBadText(x, depth + 1));
}
