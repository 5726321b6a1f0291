import type { Sql } from '../sql.ts';
import { PHOTO_BYTES } from '../migrations/024-photo-bytes-and-pending-sign-ins.ts';

/**
 * An organiser's storage (docs/security.md "Limits"): what its stored things take and its quota,
 * both in bytes. Counted: every part of STORED. Text counts one byte per character.
 */
export interface Storage {
  used: number;
  limit: number;
}

/** Bytes in a quota MB (stored as `companies.storage_quota_mb`). */
export const MB = 1024 * 1024;

/**
 * What counts towards an organiser's storage, one SQL sum per kind of stored thing, each taking
 * the organiser's id as its one parameter. A new kind of stored thing (participants, say) is one
 * more entry here; the quota check, the profile's "… of 2 GB used" and the import check follow.
 * - event and campaign logos and template images: their `*_bytes` columns (migration 013);
 * - templates' JSON text;
 * - event photos: the text of their rows (`event_photo_counts.bytes`, PHOTO_BYTES, migration 024);
 * - recognition events it created: their settings and BIB filter text, and the participant
 *   payments stored under them;
 * - its events' participants: the text of their BIB, name, e-mail and consent date (migration 026).
 */
export const STORED: Record<string, string> = {
  eventLogos: 'SELECT COALESCE(SUM(e.logo_bytes), 0) FROM events e WHERE e.company_id = ?',
  campaignLogos: 'SELECT COALESCE(SUM(c.logo_bytes), 0) FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ?',
  templates:
    'SELECT COALESCE(SUM(t.image_bytes + length(t.template_json)), 0) FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE e.company_id = ?',
  photos: 'SELECT COALESCE(SUM(p.bytes), 0) FROM event_photo_counts p JOIN events e ON e.id = p.event_id WHERE e.company_id = ?',
  recognition: 'SELECT COALESCE(SUM(length(r.payload) + COALESCE(length(r.bib_filter), 0)), 0) FROM recognition_events r WHERE r.company_id = ?',
  participantPayments:
    'SELECT COALESCE(SUM(length(pp.payload)), 0) FROM recognition_participant_payments pp JOIN recognition_events r ON r.id = pp.event_id WHERE r.company_id = ?',
  participants:
    'SELECT COALESCE(SUM(length(pa.bib_number) + length(pa.name) + length(pa.email) + length(pa.consent_date)), 0) FROM participants pa JOIN events e ON e.id = pa.event_id WHERE e.company_id = ?',
};

const PARTS = Object.values(STORED);
const USED = `SELECT ${PARTS.map((p) => `(${p})`).join('\n  + ')} AS used`;

/** Bytes the organiser's stored things take now (0 for none or no such organiser). */
export async function storageUsed(sql: Sql, companyId: number): Promise<number> {
  const row = await sql.get<{ used: number | string }>(
    USED,
    PARTS.map(() => companyId),
  );
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
export const lockOrganiser = (tx: Sql, companyId: number) => tx.run('UPDATE companies SET storage_quota_mb = storage_quota_mb WHERE id = ?', [companyId]);

/** Sets the organiser's quota (MB). */
export const setStorageQuota = (sql: Sql, companyId: number, mb: number) => sql.run('UPDATE companies SET storage_quota_mb = ? WHERE id = ?', [mb, companyId]);

const IMAGE_COLUMN = { event: 'events SET logo_bytes', campaign: 'campaigns SET logo_bytes', template: 'templates SET image_bytes' } as const;

/** Records the size (bytes) of the image a row now names: an event's or campaign's logo, a template's image. */
export const recordImageBytes = (tx: Sql, what: keyof typeof IMAGE_COLUMN, id: number, bytes: number) =>
  tx.run(`UPDATE ${IMAGE_COLUMN[what]} = ? WHERE id = ?`, [bytes, id]);

/** Bytes the photo rows of event `eventId` take now (PHOTO_BYTES each; 0 for none). */
export async function photoBytes(sql: Sql, eventId: number): Promise<number> {
  const row = await sql.get<{ b: number | string }>('SELECT bytes AS b FROM event_photo_counts WHERE event_id = ?', [eventId]);
  return Number(row?.b ?? 0);
}

/**
 * Bytes the photos of event `eventId` with one of `bids` take now (every row of each bid number),
 * read in chunks of 500: what a re-import that replaces those photos frees.
 */
export async function photoBytesOfBids(sql: Sql, eventId: number, bids: string[]): Promise<number> {
  const unique = [...new Set(bids)];
  let total = 0;
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const row = await sql.get<{ b: number | string | null }>(
      `SELECT SUM(${PHOTO_BYTES('p')}) AS b FROM event_photos p WHERE p.event_id = ? AND p.bid_number IN (${chunk.map(() => '?').join(',')})`,
      [eventId, ...chunk],
    );
    total += Number(row?.b ?? 0);
  }
  return total;
}
