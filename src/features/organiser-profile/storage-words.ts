import '../../lib/messages/sweep.ts';
import { formatNumber, t } from '../../lib/i18n.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes as the reader's language writes them, binary units with at most one decimal
 * (common/storage.ts formatBytes, in the reader's digits and unit names): "1.5 KB", "1,5 Ko".
 */
export function sayBytes(bytes: number): string {
  let v = Math.max(0, bytes),
    u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  const value = formatNumber(u === 0 ? Math.round(v) : Math.round(v * 10) / 10, { maximumFractionDigits: 1, useGrouping: false });
  return t('sweep.storage.bytes', { value, unit: UNITS[u] });
}

/** The profile's storage line (common/storage.ts storageLine): "1.5 MB of 2 GB used", in the reader's language. */
export const sayStorage = (used: number, limit: number): string => t('sweep.storage.line', { used: sayBytes(used), limit: sayBytes(limit) });
