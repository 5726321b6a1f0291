import '../lib/messages/insights.ts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import uPlot from 'uplot';
import { formatDay, formatNumber, t } from '../lib/i18n.ts';
import type { Series } from './insight-series.ts';

export type { Series } from './insight-series.ts';

/**
 * The charts of the insights (docs/insights.md "The tab", "The organiser's home", "The
 * administrators' dashboard"): a figure with its title, a uPlot chart whose accessible name
 * states its message, a legend, and "View as table". uPlot comes with this module, so a screen
 * loads it only through a part it imports lazily.
 */

/** A CSS custom property of the page as the active theme sets it (styles/insights.css, styles/base.css). */
const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Increments the axes may step by: whole days, whole counts. */
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 183];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** The day at position `i` of `days`, written short in the reader's locale. */
const dayLabel = (days: string[], i: number) => (days[i] ? formatDay(days[i]) : '');

/** Redraws when the theme (data-theme on <html>, or the system's scheme) changes: the canvas colours are read from CSS. */
function useThemeKey(): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    const bump = () => setKey((k) => k + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    scheme?.addEventListener?.('change', bump);
    return () => {
      observer.disconnect();
      scheme?.removeEventListener?.('change', bump);
    };
  }, []);
  return key;
}

/** The uPlot canvas of `series` over `days`, as wide as its box; the box is an image named by `label`. */
function Plot({ days, series, label }: { days: string[]; series: Series[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` is not read; its change means the CSS colours changed, so the chart is drawn again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--muted', '#5f6775');
    const grid = cssVar('--border', '#dfe3ea');
    const width = Math.max(240, el.clientWidth);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width,
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 7 } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, incrs: DAY_STEPS, space: 70, values: (_u, splits) => splits.map((v) => dayLabel(days, v)) },
          { ...axis, incrs: COUNT_STEPS, size: 56, values: (_u, splits) => splits.map((v) => formatNumber(v)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: cssVar(`--chart-${s.slot}`, '#0072b2'),
            width: 2,
            dash: s.dash,
            points: { show: days.length <= 45, size: 5 },
          })),
        ],
      },
      [days.map((_, i) => i), ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, theme]);
  return <div ref={box} className="insight-plot" role="img" aria-label={label} />;
}

/** The legend: each series' colour and dash beside its name (so neither colour nor line alone tells them apart). */
function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="insight-legend">
      {series.map((s) => (
        <li key={s.label}>
          <svg width="28" height="10" aria-hidden="true">
            <line x1="1" x2="27" y1="5" y2="5" className={`insight-swatch slot-${s.slot}`} strokeDasharray={s.dash.join(' ') || undefined} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The same numbers as a table: a row per day, a column per series, and their totals. */
export function SeriesTable({ title, days, series, first }: { title: string; days: string[]; series: Series[]; first?: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways and holds nothing focusable takes focus itself, so the keyboard can scroll it (axe scrollable-region-focusable)
    <div className="table-wrap" tabIndex={0} role="region" aria-label={title}>
      <table className="table insight-table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{first ?? t('insights.day')}</th>
            {series.map((s) => (
              <th key={s.label} scope="col" className="num">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th scope="row">{formatDay(d)}</th>
              {series.map((s) => (
                <td key={s.label} className="num">
                  {formatNumber(s.values[i])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('insights.total')}</th>
            {series.map((s) => (
              <td key={s.label} className="num">
                {formatNumber(s.values.reduce((a, b) => a + b, 0))}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * One figure of the Insights tab: its title, then the chart (an image whose accessible name is
 * `summary`, the chart's message) with its legend, or, with "View as table" pressed, the same
 * numbers as a table. `empty` (a text) stands in for both when the range has nothing to show.
 * `table` replaces the default day-by-series table; `children` replaces the uPlot chart; `first`
 * names the table's first column (default "Day"; "Week of" for weekly series).
 */
export function InsightFigure({
  title,
  summary,
  days,
  series,
  empty,
  table,
  children,
  first,
}: {
  title: string;
  summary: string;
  days: string[];
  series: Series[];
  empty?: string | null;
  table?: ReactNode;
  children?: ReactNode;
  first?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <figure className="card insight-figure" aria-labelledby={`${id}-title`}>
      <div className="insight-figure-head">
        <h3 id={`${id}-title`} className="insight-title">
          {title}
        </h3>
        {!empty && (
          <button type="button" className="btn btn-secondary btn-sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {t('insights.viewTable')}
          </button>
        )}
      </div>
      {empty ? (
        <p className="muted insight-empty">{empty}</p>
      ) : asTable ? (
        (table ?? <SeriesTable title={title} days={days} series={series} first={first} />)
      ) : (
        (children ?? (
          <>
            <Plot days={days} series={series} label={summary} />
            <Legend series={series} />
          </>
        ))
      )}
    </figure>
  );
}
