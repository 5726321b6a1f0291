import { barLayout, monthLabel } from './bar-layout.ts';

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
  return (
    <figure className="bar-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H + LABEL}`} role="img" aria-label={`${title}: ${data.map((d) => `${monthLabel(d.month, true)} ${d.campaigns}`).join(', ')}`}>
        <line x1="0" x2={W} y1={H} y2={H} className="bar-axis" />
        {bars.map((b, i) => (
          <g key={data[i].month}>
            <rect x={b.x} y={b.y} width={b.width} height={b.height} rx="3" className="bar">
              <title>{`${monthLabel(data[i].month, true)}: ${b.value}`}</title>
            </rect>
            {/* The count sits above its bar, or inside the top of a bar too tall to leave room. */}
            {b.value > 0 && (
              <text x={b.x + b.width / 2} y={b.y < 16 ? b.y + 16 : b.y - 4} className={b.y < 16 ? 'bar-value inside' : 'bar-value'} textAnchor="middle">
                {b.value}
              </text>
            )}
            <text x={b.x + b.width / 2} y={H + 16} className="bar-label" textAnchor="middle">
              {monthLabel(data[i].month)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
