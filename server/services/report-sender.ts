import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/report-schedules.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { getCompanySettings } from '../db/queries/settings.ts';
import { loadAuthUser } from '../db/queries/auth.ts';
import { log } from '../runtime/log.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { writeXlsx, type XlsxSheet } from '../lib/spreadsheets/xlsx-write.ts';
import { eventInsights } from './insights.ts';
import { cadenceOf, unsubscribeToken } from './report-schedules.ts';
import { lastDueAt } from '../../src/common/report-schedule.ts';
import { addDays, dayStartIn, type InsightsRange } from '../../src/common/insight-days.ts';
import { dayIn } from '../../src/common/time-zone.ts';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import type { MessageKey } from '../../src/common/i18n/catalogs/en.ts';
import { formatMessage, type MessageValues } from '../../src/common/i18n/message-format.ts';
import { isLocale } from '../../src/common/i18n/locales.ts';
import { startBackgroundPasses } from '../runtime/background-passes.ts';

/**
 * Sending scheduled reports (docs/reports.md "Reports on schedule"). Every API
 * process runs `startReportScheduler`: each pass reads the active schedules and, for one whose
 * latest due time (src/common/report-schedule.ts lastDueAt) is not sent yet, checks that its owner
 * still reaches it (else stops it, an activity row), builds the report, then in ONE transaction
 * inserts the (schedule, due time) row of report_sends (UNIQUE: a second process, or this one
 * after a restart, adds nothing and sends nothing), the .xlsx (mail_attachments, at most
 * REPORT_ATTACHMENT_MAX bytes), one outbox e-mail per subscribed recipient in the recipient's
 * language with the headline figures and an unsubscribe link, and the activity row. Nothing of a
 * due time exists until that transaction commits, so a crash during the due minute leaves it to
 * the next pass of any process.
 */

/** The largest attachment a report e-mail carries (bytes): past it the report is not sent, and the log says why. */
export const REPORT_ATTACHMENT_MAX = 5 * 1024 * 1024;
/** The events a sales report lists at most (newest first). */
export const SALES_EVENTS_MAX = 200;
/** The organisers a platform report lists at most. */
export const PLATFORM_ORGANISERS_MAX = 1000;
/** The .xlsx content type. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SCHEDULER: Omit<Who, 'logs'> = { id: null, name: 'Report scheduler', role: '', organiserId: null, ip: '', userAgent: '' };

/** The headline figures of a report: catalog key (reports.mail.*) -> number, revenue in currency units. */
type Headline = [MessageKey, number][];
/** A built report: its range, headline and workbook. */
export interface BuiltReport {
  range: InsightsRange;
  headline: Headline;
  sheets: XlsxSheet[];
}

/** The days a report due at `dueAt` covers, in its time zone: the day before the due day, the 7 days before it, or the month before it. */
export function reportRange(s: Pick<q.ScheduleRow, 'frequency' | 'time_zone'>, dueAt: number): InsightsRange {
  const dueDay = dayIn(s.time_zone, dueAt);
  const to = addDays(dueDay, -1);
  let from = to;
  if (s.frequency === 'weekly') from = addDays(dueDay, -7);
  if (s.frequency === 'monthly') {
    const [y, m, d] = dueDay.split('-').map(Number);
    const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
    const back = new Date(Date.UTC(y, m - 2, Math.min(d, last)));
    from = back.toISOString().slice(0, 10);
  }
  return { from, to, tz: s.time_zone };
}

const TOTAL = 'Total';

/** The report of schedule `s` for `range` (the figures docs/insights.md describes). */
export async function buildReport(sql: Sql, s: q.ScheduleRow, range: InsightsRange): Promise<BuiltReport> {
  if (s.kind === 'event') {
    const ins = await eventInsights(sql, Number(s.event_id), range, { revenue: true });
    const cols = ['Day', 'Registered', 'Matched', 'Notified', 'Viewed', 'Bought', 'Gallery views', 'Purchases', 'Revenue'];
    const t = ins.totals;
    const days = ins.days.map((d) => [d.day, d.registered, d.matched, d.notified, d.viewed, d.bought, d.gallery_views, d.purchases, d.revenue ?? 0]);
    days.push([TOTAL, t.registered, t.matched, t.notified, t.viewed, t.bought, t.gallery_views, t.purchases, t.revenue ?? 0]);
    const slabs = ins.slabs.map((x) => [x.name, x.purchases, x.revenue ?? 0]);
    return {
      range,
      headline: [
        ['reports.mail.registered', t.registered],
        ['reports.mail.matched', t.matched],
        ['reports.mail.notified', t.notified],
        ['reports.mail.viewed', t.viewed],
        ['reports.mail.bought', t.bought],
        ['reports.mail.purchases', t.purchases],
        ['reports.mail.revenue', t.revenue ?? 0],
      ],
      sheets: [
        { name: 'Days', columns: cols.map((header, i) => ({ header, kind: i === 0 ? 'date' : 'value' })), rows: [days] },
        { name: 'Slabs', columns: ['Slab', 'Purchases', 'Revenue'].map((header) => ({ header })), rows: [slabs] },
      ],
    };
  }
  if (s.kind === 'sales') {
    const events = await sql.all<{ id: number; title: string }>('SELECT id, title FROM events WHERE company_id = ? ORDER BY id DESC LIMIT ?', [
      Number(s.company_id),
      SALES_EVENTS_MAX,
    ]);
    const rows: unknown[][] = [];
    const sum = [0, 0, 0, 0];
    for (const e of events) {
      const t = (await eventInsights(sql, Number(e.id), range, { revenue: true })).totals;
      const v = [t.registered, t.bought, t.purchases, t.revenue ?? 0];
      for (const [i, n] of v.entries()) sum[i] += n;
      rows.push([e.title, ...v]);
    }
    sum[3] = Math.round(sum[3] * 100) / 100;
    rows.push([TOTAL, ...sum]);
    return {
      range,
      headline: [
        ['reports.mail.events', events.length],
        ['reports.mail.registered', sum[0]],
        ['reports.mail.bought', sum[1]],
        ['reports.mail.purchases', sum[2]],
        ['reports.mail.revenue', sum[3]],
      ],
      sheets: [{ name: 'Sales', columns: ['Event', 'Registered', 'Bought', 'Purchases', 'Revenue'].map((header) => ({ header })), rows: [rows] }],
    };
  }
  // The platform: per organiser, the participants registered and the purchases in the range.
  const start = dayStartIn(range.from, range.tz);
  const end = dayStartIn(addDays(range.to, 1), range.tz);
  const orgs = await sql.all<{ id: number; name: string; status: number; events: number; registered: number | null; purchases: number | null }>(
    `SELECT c.id, c.name, c.status, (SELECT COUNT(*) FROM events e WHERE e.company_id = c.id) AS events,
       (SELECT SUM(s.registered) FROM insight_slots s JOIN events e ON e.id = s.event_id WHERE e.company_id = c.id AND s.slot >= ? AND s.slot < ?) AS registered,
       (SELECT SUM(x.purchases) FROM insight_sales x JOIN events e ON e.id = x.event_id WHERE e.company_id = c.id AND x.slot >= ? AND x.slot < ?) AS purchases
     FROM companies c ORDER BY c.name, c.id LIMIT ?`,
    [start, end, start, end, PLATFORM_ORGANISERS_MAX],
  );
  const rows: unknown[][] = orgs.map((o) => [
    o.name,
    Number(o.status) === 1 ? 'Active' : 'Inactive',
    Number(o.events),
    Number(o.registered ?? 0),
    Number(o.purchases ?? 0),
  ]);
  const total = (i: number) => rows.reduce((a, r) => a + Number(r[i]), 0);
  const active = orgs.filter((o) => Number(o.status) === 1).length;
  rows.push([TOTAL, active, total(2), total(3), total(4)]);
  return {
    range,
    headline: [
      ['reports.mail.organisers', active],
      ['reports.mail.events', total(2)],
      ['reports.mail.registered', total(3)],
      ['reports.mail.purchases', total(4)],
    ],
    sheets: [{ name: 'Organisers', columns: ['Organiser', 'Status', 'Events', 'Registered', 'Purchases'].map((header) => ({ header })), rows: [rows] }],
  };
}

/** The workbook's bytes; throws past REPORT_ATTACHMENT_MAX. */
export async function workbookBytes(sheets: XlsxSheet[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  await writeXlsx(
    {
      async write(chunk) {
        size += chunk.byteLength;
        if (size > REPORT_ATTACHMENT_MAX) throw new Error(`The report's spreadsheet is larger than ${REPORT_ATTACHMENT_MAX} bytes.`);
        parts.push(Buffer.from(chunk));
      },
    },
    sheets,
  );
  return Buffer.concat(parts);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const say = (locale: string, key: MessageKey, values?: MessageValues) => formatMessage(locale as 'en', CATALOGS[locale as 'en'][key], values);

/** The e-mail of report `r` for one recipient, in `language` (a shipped locale, else English). */
export function reportMail(
  company: string,
  s: Pick<q.ScheduleRow, 'name'>,
  r: BuiltReport,
  who: { name: string; language: string | null },
  unsubscribeUrl: string,
) {
  const locale = who.language && isLocale(who.language) ? who.language : 'en';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const subject = say(locale, 'reports.mail.subject', { name: s.name, from: r.range.from, to: r.range.to });
  const lines = [
    say(locale, 'mail.hello', { name: who.name }),
    say(locale, 'reports.mail.intro', { name: s.name, from: r.range.from, to: r.range.to, timeZone: r.range.tz }),
    ...r.headline.map(([key, value]) => say(locale, key, { value: number.format(value) })),
  ];
  const why = say(locale, 'reports.mail.why');
  const label = say(locale, 'reports.mail.unsubscribe');
  const sign = company.trim() || 'Events Back-office';
  const text = [lines[0], '', lines[1], '', ...lines.slice(2), '', why, `${label}: ${unsubscribeUrl}`, '', `— ${sign}`].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222"><p>${esc(lines[0])}</p><p>${esc(lines[1])}</p><ul>` +
    lines
      .slice(2)
      .map((l) => `<li>${esc(l)}</li>`)
      .join('') +
    `</ul><p style="font-size:12px;color:#666">${esc(why)} <a href="${esc(unsubscribeUrl)}">${esc(label)}</a></p><p>— ${esc(sign)}</p></body></html>`;
  return { subject, text, html, language: locale };
}

/** Why a schedule stops: its owner is gone, left the organiser, the organiser is not active, or is no longer an administrator. */
async function lostAccess(sql: Sql, s: q.ScheduleRow): Promise<string | null> {
  const u = await loadAuthUser(sql, s.owner_id);
  if (!u) return 'Its owner no longer exists.';
  if (s.company_id === null) return u.isAdmin ? null : 'Its owner is no longer an administrator.';
  if (u.companyId !== s.company_id) return 'Its owner no longer belongs to the organiser.';
  if (!u.companyActive) return 'The organiser is not active.';
  return null;
}

/** What a scheduler needs of the server. */
export interface ReportEnv {
  now: () => number;
  publicUrl: () => string;
  /** Activity rows written (ACTIVITY_LOG). */
  logs: boolean;
  /** Called after a commit that queued e-mails (the mail sender's wake). */
  queued?: () => void;
}

/**
 * Sends due time `dueAt` of schedule `s` once (see the module comment). Resolves to the number of
 * e-mails queued, 0 when there was nobody to send to, or null when the due time was already sent.
 */
export async function sendDue(sql: Sql, s: q.ScheduleRow, dueAt: number, env: ReportEnv): Promise<number | null> {
  const who: Who = { ...SCHEDULER, organiserId: s.company_id, logs: env.logs };
  const reason = await lostAccess(sql, s);
  if (reason) {
    await sql.transaction(async (tx) => {
      if (await q.stopSchedule(tx, s.id, reason, env.now()))
        await recordActivity(tx, who, {
          resource: 'report_schedules',
          action: 'report_stopped',
          id: s.id,
          label: s.name,
          organiserId: s.company_id,
          changes: { status: { from: 'active', to: 'stopped' }, stopped_reason: { from: '', to: reason } },
        });
    });
    return 0;
  }
  const recipients = (await q.recipientsOf(sql, [s.id])).filter((r) => r.unsubscribed_at === null && r.company_id === s.company_id);
  if (!recipients.length) {
    await q.skipDue(sql, s.id, dueAt);
    return 0;
  }
  const report = await buildReport(sql, s, reportRange(s, dueAt));
  const bytes = await workbookBytes(report.sheets);
  const company = (await getCompanySettings(sql)).name;
  const base = env.publicUrl().replace(/\/+$/, '');
  const filename = `${
    s.name
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'report'
  } ${report.range.from} ${report.range.to}.xlsx`;
  const queued = await sql.transaction(async (tx) => {
    const sendId = await q.claimSend(tx, s.id, dueAt, env.now());
    if (sendId === null) return null;
    const attachmentId = await q.insertAttachment(tx, filename, XLSX_TYPE, bytes, env.now());
    for (const r of recipients) {
      const url = `${base}/api/reports/unsubscribe?token=${encodeURIComponent(unsubscribeToken(s, r.id))}`;
      const mail = reportMail(company, s, report, r, url);
      await enqueueMail(tx, { kind: 'report', to: r.email, toName: r.name, refId: sendId, attachmentId, ...mail });
    }
    await q.noteRecipients(tx, sendId, recipients.length);
    await recordActivity(tx, who, {
      resource: 'report_schedules',
      action: 'report_sent',
      id: s.id,
      label: s.name,
      organiserId: s.company_id,
      changes: {
        due_at: { from: null, to: new Date(dueAt).toISOString() },
        range: { from: report.range.from, to: report.range.to },
        recipients: { from: null, to: recipients.map((r) => r.email) },
      },
    });
    return recipients.length;
  });
  if (queued) env.queued?.();
  return queued;
}

/** One pass: every active schedule whose latest due time is not sent yet is sent (sendDue). Resolves to the e-mails queued. */
export async function reportPass(sql: Sql, env: ReportEnv, limit = 1000): Promise<number> {
  const now = env.now();
  let queued = 0;
  for (const s of await q.activeSchedules(sql, limit)) {
    const due = lastDueAt(cadenceOf(s), now);
    if (due === null || due < s.created_at || (s.last_due_at !== null && due <= s.last_due_at)) continue;
    try {
      queued += (await sendDue(sql, s, due, env)) ?? 0;
    } catch (err) {
      log.error({ err, schedule: s.id, due_at: due }, 'A scheduled report could not be sent');
    }
  }
  return queued;
}

/** Runs reportPass every `pollMs` (default 20,000) in this API process; resolves `stop` once the pass under way ended. */
export function startReportScheduler(sql: Sql, env: ReportEnv, pollMs = 20_000): { stop(): Promise<void> } {
  return startBackgroundPasses('Report scheduler', () => reportPass(sql, env).then(() => false), pollMs, Math.min(pollMs, 1_000));
}
