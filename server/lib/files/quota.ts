import { Invalid } from '../../runtime/domain-errors.ts';
import type { Sql } from '../../db/sql.ts';
import type { PhotoRow } from '../../db/queries/event-photos.ts';
import { lockOrganiser, photoBytes, storageOf, storageQuotaMb, storageUsed, MB } from '../../db/queries/storage.ts';
import { importQuotaMessage, quotaFullMessage } from '../../../src/common/storage.ts';

/**
 * Runs `write` inside the caller's transaction `tx` under the organiser's storage quota: locks the organiser's row, measures its use before and after the write, and when the
 * write made it grow past the quota throws a 422 on `field` (quotaFullMessage), so the transaction
 * rolls back and nothing is stored; the route then removes any file it put first. A write that
 * shrinks or keeps the use passes even over the quota (an administrator may lower it below use).
 * `companyId` null (an administrator's own recognition event) is not counted.
 */
export async function withinQuota<T>(tx: Sql, companyId: number | null, field: string, write: () => Promise<T>): Promise<T> {
  if (companyId === null) return write();
  await lockOrganiser(tx, companyId);
  const before = await storageUsed(tx, companyId);
  const result = await write();
  const after = await storageUsed(tx, companyId);
  const limit = ((await storageQuotaMb(tx, companyId)) ?? Infinity) * MB;
  if (after > before && after > limit) {
    const message = quotaFullMessage(before, limit);
    throw new Invalid({ [field]: [message] });
  }
  return result;
}

/** The 422 on `excel` of a photo import needing `needed` bytes where `used` of `limit` are taken. */
const importRefused = (needed: number, used: number, limit: number) => {
  const message = importQuotaMessage(needed, used, limit);
  return new Invalid({ excel: [message] });
};

/**
 * The bytes photo rows take, as the database counts them (PHOTO_BYTES, migration 024): the
 * characters of bid number, both links, price and orientation. `rows` in PhotoRow column order.
 */
export const photoRowsBytes = (rows: readonly PhotoRow[]) =>
  rows.reduce((sum, [, bid, low, high, , price, orientation]) => sum + chars(bid) + chars(low) + chars(high) + chars(price) + chars(orientation), 0);
/** Characters (code points), as SQL length() counts text. */
const chars = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * Before a photo import starts (nothing written yet): throws 422 on `excel` (importQuotaMessage:
 * needed, left, quota, used) when the organiser's use plus the `needed` bytes the import adds
 * would pass its quota. An import that adds nothing passes.
 */
export async function assertImportFits(sql: Sql, companyId: number, needed: number): Promise<void> {
  if (needed <= 0) return;
  const s = await storageOf(sql, companyId);
  if (s && s.used + needed > s.limit) throw importRefused(needed, s.used, s.limit);
}

/**
 * Runs a photo import's `write` of event `eventId` inside its transaction `tx` and checks the
 * quota again at the end, under the organiser's lock (so a logo stored while the import ran is
 * counted): when the rows it wrote made the organiser's use grow past the quota, throws the same
 * 422 as assertImportFits, so the transaction rolls back and nothing of the import is stored. The
 * lock is taken only after the rows are written, so the organiser's other writes are not held up
 * for the whole import.
 */
export async function importWithinQuota<T>(tx: Sql, companyId: number, eventId: number, write: () => Promise<T>): Promise<T> {
  const before = await photoBytes(tx, eventId);
  const result = await write();
  const grown = (await photoBytes(tx, eventId)) - before;
  if (grown <= 0) return result;
  await lockOrganiser(tx, companyId);
  const used = await storageUsed(tx, companyId);
  const limit = ((await storageQuotaMb(tx, companyId)) ?? Infinity) * MB;
  if (used > limit) throw importRefused(grown, used - grown, limit);
  return result;
}
