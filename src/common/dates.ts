/**
 * The one date rule of console and API (admin-area §5 "Date", organiser-console §6): a real
 * calendar day written `YYYY-MM-DD` (the form's date inputs and the stored text both use it).
 *
 * isIsoDate('2024-02-29') -> true; isIsoDate('2023-02-29') -> false; isIsoDate('1/2/2024') -> false
 */
export function isIsoDate(value: unknown): boolean {
  const s = String(value ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}
