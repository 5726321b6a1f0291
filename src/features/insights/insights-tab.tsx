import '../../lib/messages/shell.ts';
import '../../lib/messages/insights.ts';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useLoad } from '../../components/use-load.ts';
import { Loading } from '../../components/loading.tsx';
import { addDays, insightsRangeProblems, type InsightsRange } from '../../common/insight-days.ts';
import { dayIn, localTimeZone } from '../../common/time-zone.ts';
import { INSIGHT_STAGES } from '../../common/insight-days.ts';
import { isOffline, offlineMessage } from '../../lib/offline.ts';
import { formatNumber, t } from '../../lib/i18n.ts';
import * as api from './api.ts';
import { InsightFigure } from '../../components/insight-chart.tsx';
import {
  formatRevenue,
  formatShare,
  participantSeries,
  participantSummary,
  PRESETS,
  presetOf,
  rangeFromAddress,
  revenueSummary,
  salesSeries,
  salesSummary,
  STAGE_LABELS,
  viewSeries,
  viewSummary,
} from './insight-figures.ts';

/** Puts range `r` in the address (`?tab=insights&from=&to=`), so reload, back and a shared link keep it. */
function showRange(r: InsightsRange) {
  const q = new URLSearchParams(window.location.search);
  q.set('tab', 'insights');
  q.set('from', r.from);
  q.set('to', r.to);
  navigate(`${window.location.pathname}?${q}`);
}

/** The range picker: the presets (last 7, 30, 90 days) and a From/To pair checked with the API's rule. */
function RangePicker({ range, today }: { range: InsightsRange; today: string }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [invalid, setInvalid] = useState(false);
  const preset = presetOf(range, today);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = Object.keys(insightsRangeProblems({ from, to })).length > 0 || !from || !to;
    setInvalid(bad);
    if (!bad) showRange({ ...range, from, to });
  };
  return (
    <form className="insight-range" onSubmit={submit} aria-label={t('insights.range')}>
      <div className="insight-presets">
        {PRESETS.map(([n, label]) => (
          <button
            key={n}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={preset === n}
            onClick={() => {
              const r = { ...range, from: addDays(today, 1 - n), to: today };
              setFrom(r.from);
              setTo(r.to);
              setInvalid(false);
              showRange(r);
            }}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <label>
        {t('insights.from')}{' '}
        <input type="date" className="input" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} aria-invalid={invalid} />
      </label>
      <label>
        {t('insights.to')}{' '}
        <input type="date" className="input" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} aria-invalid={invalid} />
      </label>
      <button type="submit" className="btn btn-primary btn-sm">
        {t('insights.show')}
      </button>
      {invalid && (
        <p className="field-error" role="alert">
          {t('insights.rangeInvalid')}
        </p>
      )}
      <p className="muted insight-zone">{t('insights.timeZone', { tz: range.tz })}</p>
    </form>
  );
}

/**
 * An event's Insights tab (docs/insights.md): the range picker (kept in
 * the address), then participants per stage per day, gallery views per day, purchases per day by
 * payment slab, revenue by slab (only for readers who may read payments: the API leaves it out
 * for the others) and the funnel's conversion from each stage to the next. Each chart has a
 * title, an accessible name stating its message and "View as table" with the same numbers;
 * loading, empty and error states as on every list. uPlot comes with this chunk only.
 */
export default function InsightsTab({ eventId }: { eventId: number }) {
  const search = useSearch();
  const today = dayIn(localTimeZone() || 'UTC');
  const range = useMemo(() => rangeFromAddress(search, today), [search, today]);
  const insights = useLoad((signal) => api.getInsights(eventId, range, signal), [eventId, range.from, range.to, range.tz]);
  const d = insights.data;
  const days = useMemo(() => d?.days.map((x) => x.day) ?? [], [d]);
  const participants = useMemo(() => (d ? participantSeries(d) : []), [d]);
  const views = useMemo(() => (d ? viewSeries(d) : []), [d]);
  const sales = useMemo(() => (d ? salesSeries(d) : []), [d]);

  return (
    <div className="insights">
      <RangePicker key={`${range.from}/${range.to}`} range={range} today={today} />
      {insights.error !== null && !insights.loading ? (
        <p className="insight-failed" role="alert">
          {isOffline(insights.error) ? offlineMessage() : t('insights.failed')}{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={insights.retry}>
            {t('list.retry')}
          </button>
        </p>
      ) : !d ? (
        <Loading />
      ) : (
        <div className="insight-grid" aria-busy={insights.loading}>
          <InsightFigure
            title={t('insights.participants.title')}
            summary={participantSummary(d)}
            days={days}
            series={participants}
            empty={
              d.totals.registered + d.totals.matched + d.totals.notified + d.totals.viewed + d.totals.bought === 0 ? t('insights.participants.empty') : null
            }
          />
          <InsightFigure
            title={t('insights.views.title')}
            summary={viewSummary(d)}
            days={days}
            series={views}
            empty={d.totals.gallery_views === 0 ? t('insights.views.empty') : null}
          />
          <InsightFigure
            title={t('insights.sales.title')}
            summary={salesSummary(d)}
            days={days}
            series={sales}
            empty={d.totals.purchases === 0 ? t('insights.sales.empty') : null}
          />
          {d.totals.revenue !== undefined && (
            <InsightFigure
              title={t('insights.revenue.title')}
              summary={revenueSummary(d)}
              days={days}
              series={[]}
              empty={d.totals.purchases === 0 ? t('insights.sales.empty') : null}
              table={
                // biome-ignore lint/a11y/noNoninteractiveTabindex: as SeriesTable's, a sideways-scrolling table with nothing focusable takes focus itself (axe scrollable-region-focusable)
                <div className="table-wrap" tabIndex={0} role="region" aria-label={t('insights.revenue.title')}>
                  <table className="table insight-table">
                    <caption className="sr-only">{t('insights.revenue.title')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('insights.slab')}</th>
                        <th scope="col" className="num">
                          {t('insights.purchases')}
                        </th>
                        <th scope="col" className="num">
                          {t('insights.revenue')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.slabs.map((s) => (
                        <tr key={s.slab}>
                          <th scope="row">{s.name}</th>
                          <td className="num">{formatNumber(s.purchases)}</td>
                          <td className="num">{formatRevenue(s.revenue ?? 0)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">{t('insights.total')}</th>
                        <td className="num">{formatNumber(d.totals.purchases)}</td>
                        <td className="num">{formatRevenue(d.totals.revenue)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
              }
            >
              <div role="img" aria-label={revenueSummary(d)}>
                <ul className="insight-bars">
                  {d.slabs.map((s, i) => (
                    <li key={s.slab}>
                      <span className="insight-bar-label">{s.name}</span>
                      <span className="insight-bar-track">
                        <span
                          className={`insight-bar slot-${(i % 6) + 1}`}
                          style={{ inlineSize: `${d.totals.revenue ? Math.round(((s.revenue ?? 0) / d.totals.revenue) * 100) : 0}%` }}
                        />
                      </span>
                      <span className="insight-bar-value">{formatRevenue(s.revenue ?? 0)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </InsightFigure>
          )}
          <section className="card insight-figure" aria-labelledby="insight-conversion">
            <h3 id="insight-conversion" className="insight-title">
              {t('insights.conversion.title')}
            </h3>
            <dl className="insight-conversion">
              {INSIGHT_STAGES.slice(1).map((stage, i) => {
                const before = INSIGHT_STAGES[i];
                const share = d.conversion[stage as keyof typeof d.conversion];
                return (
                  <div key={stage}>
                    <dt>{t('insights.conversion.step', { from: t(STAGE_LABELS[before]), to: t(STAGE_LABELS[stage]) })}</dt>
                    <dd>
                      {share === null
                        ? t('insights.conversion.none', { stage: t(STAGE_LABELS[before]) })
                        : t('insights.conversion.share', {
                            share: formatShare(share),
                            count: formatNumber(d.totals[stage]),
                            of: formatNumber(d.totals[before]),
                          })}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}
