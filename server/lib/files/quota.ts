import { ApiError } from '../../http-error.ts';
import type { Sql } from '../../db/sql.ts';
import { lockOrganiser, storageQuotaMb, storageUsed, MB } from '../../db/queries/storage.ts';
import { quotaFullMessage } from '../../../src/common/storage.ts';

/**
 * Runs `write` inside the caller's transaction `tx` under the organiser's storage quota (issue 17
 * item 7): locks the organiser's row, measures its use before and after the write, and when the
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
    throw new ApiError(422, message, { [field]: [message] });
  }
  return result;
}
