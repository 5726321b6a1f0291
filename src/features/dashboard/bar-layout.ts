/**
 * Bars of a simple chart, in SVG user units (pure). `values` left to right; the tallest bar
 * fills `height` (a chart of zeros draws no bars); bars share `width` with a gap of a quarter
 * bar between them.
 */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/**
 * One Bar per value, left to right, in the chart's SVG user units: each takes an equal slot of
 * `width`, drawn 80% wide and centred; bar heights scale so the largest value fills `height`
 * (negative values and an all-zero chart give height 0). [] for no values.
 */
export function barLayout(values: number[], width: number, height: number): Bar[] {
  if (values.length === 0) return [];
  const max = Math.max(...values, 0);
  const slot = width / values.length;
  const w = slot * 0.8;
  return values.map((value, i) => {
    const h = max > 0 ? (Math.max(0, value) / max) * height : 0;
    return { x: i * slot + (slot - w) / 2, y: height - h, width: w, height: h, value };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * "2026-03" -> "Mar" (and "Mar 2026" when `withYear`); with `locale`, the month's short name in
 * that language (`Intl`, e.g. "mars 2026" in French). The text as it is when it is not a month.
 */
export const monthLabel = (ym: string, withYear = false, locale?: string) => {
  const [y, m] = ym.split('-');
  if (locale && /^\d{4}$/.test(y) && Number(m) >= 1 && Number(m) <= 12) {
    const options: Intl.DateTimeFormatOptions = withYear ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(locale, options).format(Date.UTC(Number(y), Number(m) - 1, 1));
  }
  const name = MONTHS[Number(m) - 1] ?? ym;
  return withYear ? `${name} ${y}` : name;
};
