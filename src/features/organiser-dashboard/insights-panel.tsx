import '../../lib/messages/insights.ts';
import { useId } from 'react';
import { Link } from 'wouter';
import { InsightFigure } from '../../components/insight-chart.tsx';
import { seriesAt, type Series } from '../../components/insight-series.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import { useLoad } from '../../components/use-load.ts';
import { formatDay, formatNumber, t } from '../../lib/i18n.ts';
import { INSIGHT_STAGES } from '../../common/insight-days.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import * as api from './api.ts';

const STAGE_LABELS: Record<(typeof INSIGHT_STAGES)[number], MessageKey> = {
  registered: 'insights.stage.registered',
  matched: 'insights.stage.matched',
  notified: 'insights.stage.notified',
  viewed: 'insights.stage.viewed',
  bought: 'insights.stage.bought',
};

/** Two decimals, as the reader's locale writes them. */
const money = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "<title> from <day> to <day>: A: 1, B: 2." — a chart's accessible name, stating its figures. */
const summaryOf = (title: string, from: string, to: string, series: Series[], format = formatNumber) =>
  t('insights.summary', {
    title,
    from: formatDay(from),
    to: formatDay(to),
    parts: series.map((s) => t('insights.sales.slabCount', { slab: s.label, count: format(s.values.reduce((a, b) => a + b, 0)) })).join(', '),
  });

/**
 * The organiser's home's insights (docs/insights.md "The organiser's home"): its events
 * together over the last 30 days in the reader's days — participants per stage, purchases, and
 * revenue for readers who may read payments — as charts with "View as table", and its top events,
 * each leading to its own Insights tab. A part of its own (uPlot comes with it), fetched after the
 * dashboard's first paint. Loading, error with Retry, and empty states.
 */
export function InsightsPanel({ companyId }: { companyId: string }) {
  const { data, error, retry } = useLoad(() => api.getInsights(companyId), [companyId]);
  const titleId = useId();
  const days = data?.days.map((d) => d.day) ?? [];
  const participants = data
    ? INSIGHT_STAGES.map((s, i) =>
        seriesAt(
          t(STAGE_LABELS[s]),
          data.days.map((d) => d[s]),
          i,
        ),
      )
    : [];
  const purchases = data
    ? [
        seriesAt(
          t('insights.purchases'),
          data.days.map((d) => d.purchases),
          0,
        ),
      ]
    : [];
  const revenue =
    data && data.totals.revenue !== undefined
      ? [
          seriesAt(
            t('insights.revenue'),
            data.days.map((d) => d.revenue ?? 0),
            1,
          ),
        ]
      : null;
  return (
    <section className="insights-home" aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard-heading">
        {t('insights.home.title')}
      </h2>
      {!data && error === null && (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('app.loading')}
        </p>
      )}
      {error !== null && <LoadFailed what={t('insights.home.title')} failure={error} onRetry={retry} />}
      {data && (
        <>
          <p className="muted">{t('insights.home.intro', { tz: data.tz })}</p>
          <div className="insights-home-grid">
            <InsightFigure
              title={t('insights.participants.title')}
              summary={summaryOf(t('insights.participants.title'), data.from, data.to, participants)}
              days={days}
              series={participants}
              empty={
                data.totals.registered + data.totals.matched + data.totals.notified + data.totals.viewed + data.totals.bought === 0
                  ? t('insights.participants.empty')
                  : null
              }
            />
            <InsightFigure
              title={t('insights.home.purchasesTitle')}
              summary={summaryOf(t('insights.home.purchasesTitle'), data.from, data.to, purchases)}
              days={days}
              series={purchases}
              empty={data.totals.purchases === 0 ? t('insights.sales.empty') : null}
            />
            {revenue && (
              <InsightFigure
                title={t('insights.home.revenueTitle')}
                summary={summaryOf(t('insights.home.revenueTitle'), data.from, data.to, revenue, money)}
                days={days}
                series={revenue}
                empty={data.totals.purchases === 0 ? t('insights.sales.empty') : null}
              />
            )}
          </div>
          <section className="card" aria-labelledby={`${titleId}-top`}>
            <h3 id={`${titleId}-top`}>{t('insights.home.top')}</h3>
            {data.top_events.length === 0 ? (
              <p className="muted">{t('insights.home.topEmpty')}</p>
            ) : (
              <div className="table-wrap">
                <table className="table insight-table">
                  <caption className="sr-only">{t('insights.home.top')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('insights.event')}</th>
                      <th scope="col" className="num">
                        {t('insights.stage.registered')}
                      </th>
                      <th scope="col" className="num">
                        {t('insights.stage.bought')}
                      </th>
                      <th scope="col" className="num">
                        {t('insights.purchases')}
                      </th>
                      {revenue && (
                        <th scope="col" className="num">
                          {t('insights.revenue')}
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {data.top_events.map((e) => (
                      <tr key={e.id}>
                        <th scope="row">
                          <Link href={`/events/${e.id}?tab=insights`}>{e.title}</Link>
                        </th>
                        <td className="num">{formatNumber(e.registered)}</td>
                        <td className="num">{formatNumber(e.bought)}</td>
                        <td className="num">{formatNumber(e.purchases)}</td>
                        {revenue && <td className="num">{money(e.revenue ?? 0)}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </section>
  );
}
