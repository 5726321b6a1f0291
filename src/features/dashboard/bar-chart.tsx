import '../../lib/messages/admin.ts';
import { barLayout, monthLabel } from './bar-layout.ts';
import { currentLocale, formatNumber, t } from '../../lib/i18n.ts';

const W = 600;
const H = 160;
const LABEL = 22;

/**
 * Campaigns per month as an SVG bar chart that scales to its container. Each bar carries its
 * month and count as a title (hover) and the figures are listed for screen readers too.
 */
export function MonthBarChart({ data, title }: { data: { month: string; campaigns: number }[]; title: string }) {
  const bars = barLayout(
    data.map((d) => d.campaigns),
    W,
    H,
  );
  const month = (ym: string, withYear = false) => monthLabel(ym, withYear, currentLocale());
  const figures = data.map((d) => t('admin.dashboard.chartFigure', { month: month(d.month, true), count: formatNumber(d.campaigns) })).join(', ');
  return (
    <figure className="bar-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H + LABEL}`} role="img" aria-label={t('admin.dashboard.chartLabel', { title, figures })}>
        <line x1="0" x2={W} y1={H} y2={H} className="bar-axis" />
        {bars.map((b, i) => (
          <g key={data[i].month}>
            <rect x={b.x} y={b.y} width={b.width} height={b.height} rx="3" className="bar">
              <title>{t('admin.dashboard.chartBar', { month: month(data[i].month, true), count: formatNumber(b.value) })}</title>
            </rect>
            {/* The count sits above its bar, or inside the top of a bar too tall to leave room. */}
            {b.value > 0 && (
              <text x={b.x + b.width / 2} y={b.y < 16 ? b.y + 16 : b.y - 4} className={b.y < 16 ? 'bar-value inside' : 'bar-value'} textAnchor="middle">
                {formatNumber(b.value)}
              </text>
            )}
            <text x={b.x + b.width / 2} y={H + 16} className="bar-label" textAnchor="middle">
              {month(data[i].month)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
