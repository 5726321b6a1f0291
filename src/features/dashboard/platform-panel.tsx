import '../../lib/messages/insights.ts';
import { useId } from 'react';
import { InsightFigure } from '../../components/insight-chart.tsx';
import { seriesAt, type Series } from '../../components/insight-series.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useLiveRefresh } from '../../components/use-live-list.ts';
import { formatDay, formatNumber, t } from '../../lib/i18n.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import type { PlatformWeek } from '../../common/contract/insights.ts';
import { getPlatformFigures, type PlatformFigures } from './api.ts';

type Figure = Exclude<keyof PlatformWeek, 'week'>;

/** The platform's charts: each a title and the figures it draws, with their labels. A chart shows when the answer holds one of its figures. */
const CHARTS: { title: MessageKey; lines: [Figure, MessageKey][]; money?: boolean }[] = [
  {
    title: 'insights.platform.organisersTitle',
    lines: [
      ['active_organisers', 'insights.platform.activeOrganisers'],
      ['events', 'insights.platform.events'],
    ],
  },
  {
    title: 'insights.platform.peopleTitle',
    lines: [
      ['participants', 'insights.platform.participants'],
      ['purchases', 'insights.purchases'],
      ['imports', 'insights.platform.imports'],
    ],
  },
  { title: 'insights.platform.revenueTitle', lines: [['revenue', 'insights.revenue']], money: true },
  {
    title: 'insights.platform.mailTitle',
    lines: [
      ['emails_sent', 'insights.platform.emailsSent'],
      ['emails_failed', 'insights.platform.emailsFailed'],
    ],
  },
  {
    title: 'insights.platform.signInsTitle',
    lines: [
      ['sign_ins', 'insights.platform.signIns'],
      ['sign_ins_failed', 'insights.platform.signInsFailed'],
    ],
  },
];

/** The resources whose changes the weekly figures count (active organisers, events, participants, two-step adoption). */
const LIVE_WEEKS = ['organisers', 'events', 'participants', 'users'];

/** Two decimals, as the reader's locale writes them. */
const money = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The charts `d` holds figures for, each with its series (the lines present in the answer). */
function chartsOf(d: PlatformFigures) {
  const last = d.weeks[d.weeks.length - 1] ?? { week: '' };
  return CHARTS.flatMap((c) => {
    const lines = c.lines.filter(([k]) => last[k] !== undefined);
    if (!lines.length) return [];
    const series: Series[] = lines.map(([k, label], i) =>
      seriesAt(
        t(label),
        d.weeks.map((w) => w[k] ?? 0),
        i,
      ),
    );
    return [{ ...c, series }];
  });
}

/**
 * The administrators' dashboard's platform figures (docs/insights.md "The administrators'
 * dashboard"): the last 12 weeks as charts with "View as table" (a row per week), each chart
 * only with the figures the API gives this reader (those of the screens it may open; revenue for
 * readers of payments), and two-step adoption for readers of Users. Nothing shows when the reader
 * may see none of them. A part of its own (uPlot comes with it), fetched after the dashboard's
 * first paint. Loading, error with Retry, and empty states. The figures load again on their own
 * (at most once a second) when an organiser, an event, a participant or a user changes elsewhere
 * (LIVE_WEEKS, the change stream; docs/live.md); purchases, imports, e-mails and sign-ins are not
 * streamed and show at the next load.
 */
export function PlatformPanel() {
  const { data, error, retry } = useLoad(() => getPlatformFigures(), []);
  useLiveRefresh(LIVE_WEEKS, retry);
  const titleId = useId();
  const charts = data ? chartsOf(data) : [];
  if (data && charts.length === 0 && !data.two_step) return null;
  const weeks = data?.weeks.map((w) => w.week) ?? [];
  return (
    <section className="insights-home" aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard-heading">
        {t('insights.platform.title')}
      </h2>
      {!data && error === null && (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('app.loading')}
        </p>
      )}
      {error !== null && <LoadFailed what={t('insights.platform.title')} failure={error} onRetry={retry} />}
      {data && (
        <>
          <p className="muted">{t('insights.platform.intro', { tz: data.tz })}</p>
          {data.two_step && (
            <p className="card insights-two-step">
              {t('insights.platform.twoStep', {
                enrolled: formatNumber(data.two_step.enrolled),
                users: formatNumber(data.two_step.users),
                share: formatNumber(data.two_step.users ? data.two_step.enrolled / data.two_step.users : 0, { style: 'percent', maximumFractionDigits: 1 }),
              })}
            </p>
          )}
          <div className="insights-home-grid">
            {charts.map((c) => {
              const title = t(c.title);
              const format = c.money ? money : formatNumber;
              const total = c.series.reduce((a, s) => a + s.values.reduce((x, y) => x + y, 0), 0);
              return (
                <InsightFigure
                  key={c.title}
                  title={title}
                  first={t('insights.week')}
                  summary={t('insights.summary', {
                    title,
                    from: formatDay(weeks[0]),
                    to: formatDay(weeks[weeks.length - 1]),
                    parts: c.series.map((s) => t('insights.sales.slabCount', { slab: s.label, count: format(s.values.reduce((a, b) => a + b, 0)) })).join(', '),
                  })}
                  days={weeks}
                  series={c.series}
                  empty={total === 0 ? t('insights.platform.empty') : null}
                />
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
