import type { Sql } from '../sql.ts';

/**
 * An organiser's storage (issue 17 item 7, docs/security.md "Limits"): what its stored things take
 * and its quota, both in bytes. Counted: event and campaign logos and template images (their
 * `*_bytes` columns, migration 013), templates' JSON text, and the text of the recognition events
 * it created (settings and BIB filter). Text counts one byte per character.
 */
export interface Storage { used: number; limit: number }

/** Bytes in a quota MB (stored as `companies.storage_quota_mb`). */
export const MB = 1024 * 1024;

const USED = `SELECT
  (SELECT COALESCE(SUM(e.logo_bytes), 0) FROM events e WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(c.logo_bytes), 0) FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(t.image_bytes + length(t.template_json)), 0) FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(length(r.payload) + COALESCE(length(r.bib_filter), 0)), 0) FROM recognition_events r WHERE r.company_id = ?) AS used`;

/** Bytes the organiser's stored things take now (0 for none or no such organiser). */
export async function storageUsed(sql: Sql, companyId: number): Promise<number> {
  const row = await sql.get<{ used: number | string }>(USED, [companyId, companyId, companyId, companyId]);
  return Number(row?.used ?? 0);
}

/** The organiser's quota in MB, or undefined when there is no such organiser. */
export async function storageQuotaMb(sql: Sql, companyId: number): Promise<number | undefined> {
  const row = await sql.get<{ q: number }>('SELECT storage_quota_mb AS q FROM companies WHERE id = ?', [companyId]);
  return row ? Number(row.q) : undefined;
}

/** Used and limit in bytes, or undefined when there is no such organiser. */
export async function storageOf(sql: Sql, companyId: number): Promise<Storage | undefined> {
  const quota = await storageQuotaMb(sql, companyId);
  return quota === undefined ? undefined : { used: await storageUsed(sql, companyId), limit: quota * MB };
}

/**
 * Holds the organiser's row until the caller's transaction ends (PostgreSQL row lock; SQLite
 * locks the whole database for a write anyway), so two writes of one organiser check its quota
 * one after the other. Call inside a transaction.
 */
export const lockOrganiser = (tx: Sql, companyId: number) =>
  tx.run('UPDATE companies SET storage_quota_mb = storage_quota_mb WHERE id = ?', [companyId]);

/** Sets the organiser's quota (MB). */
export const setStorageQuota = (sql: Sql, companyId: number, mb: number) =>
  sql.run('UPDATE companies SET storage_quota_mb = ? WHERE id = ?', [mb, companyId]);

const IMAGE_COLUMN = { event: 'events SET logo_bytes', campaign: 'campaigns SET logo_bytes', template: 'templates SET image_bytes' } as const;

/** Records the size (bytes) of the image a row now names: an event's or campaign's logo, a template's image. */
export const recordImageBytes = (tx: Sql, what: keyof typeof IMAGE_COLUMN, id: number, bytes: number) =>
  tx.run(`UPDATE ${IMAGE_COLUMN[what]} = ? WHERE id = ?`, [bytes, id]);
