import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUser } from '../http/middleware/auth.ts';
import { forbidden } from '../http/http-error.ts';
import { logs, whoOf } from '../http/logs.ts';
import { ReportScheduleInput, ReportScheduleStatusInput } from '../../src/common/contract/reports.ts';
import * as reports from '../services/report-schedules.ts';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import { formatMessage } from '../../src/common/i18n/message-format.ts';
import { isLocale } from '../../src/common/i18n/locales.ts';

/**
 * Reports on schedule (docs/reports.md "Reports on schedule"), for an organiser's
 * users (their organiser's schedules: an event's insights or the organiser's sales) and
 * administrators (the platform's):
 *
 * - GET    report-schedules             -> data [schedule]
 * - GET    report-schedules/recipients  -> data [{ id, name, email }] the users a report may go to
 * - POST   report-schedules             name, kind, event_id, frequency, time, time_zone, weekday, month_day, recipients -> data schedule; 422 by field
 * - GET    report-schedules/{id}        -> data schedule
 * - PUT    report-schedules/{id}        the same fields -> data schedule (the caller its owner; stopped: active again; paused stays paused)
 * - PUT    report-schedules/{id}/status status active | paused -> data schedule (pause, or active again)
 * - DELETE report-schedules/{id}        -> data null
 *
 * Anyone else (a staff role that is not admin) is refused 403; another owner's schedule is 404.
 */

/** The caller's schedules' owner: its organiser, or null (the platform) for an administrator; 403 for anyone else. */
function ownerOf(c: Context<AppEnv>): number | null {
  const user = c.get('user');
  if (user.companyId !== null) {
    if (!user.isCompany) throw forbidden('Only organisers and administrators schedule reports.');
    return user.companyId;
  }
  if (user.isAdmin) return null;
  throw forbidden('Only organisers and administrators schedule reports.');
}
const idOf = (c: Context<AppEnv>) => toId(c.req.param('id'));
const now = (c: Context<AppEnv>) => c.get('config').now();
/** The caller as the owner of what it saves. */
const ownerWho = (c: Context<AppEnv>) => ({ ...whoOf(c), id: c.get('user').id });

export const reportScheduleRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => ok(c, await reports.listSchedules(c.get('sql'), ownerOf(c), now(c))))
  .get('/recipients', async (c) => ok(c, await reports.recipientChoices(c.get('sql'), ownerOf(c))))
  .post('/', logs('report_schedules'), body(ReportScheduleInput), async (c) => {
    const owner = ownerOf(c);
    return ok(c, await reports.createSchedule(c.get('sql'), ownerWho(c), owner, c.req.valid('form'), now(c)), 'The report schedule was saved.');
  })
  .get('/:id', async (c) => ok(c, await reports.getSchedule(c.get('sql'), ownerOf(c), idOf(c), now(c))))
  .put('/:id', logs('report_schedules'), body(ReportScheduleInput), async (c) => {
    const owner = ownerOf(c);
    return ok(c, await reports.updateSchedule(c.get('sql'), ownerWho(c), owner, idOf(c), c.req.valid('form'), now(c)), 'The report schedule was saved.');
  })
  .put('/:id/status', logs('report_schedules'), body(ReportScheduleStatusInput), async (c) => {
    const owner = ownerOf(c);
    const status = c.req.valid('form').status;
    return ok(
      c,
      await reports.setScheduleStatus(c.get('sql'), ownerWho(c), owner, idOf(c), status, now(c)),
      status === 'paused' ? 'The report schedule was paused.' : 'The report schedule is active again.',
    );
  })
  .delete('/:id', logs('report_schedules'), async (c) => {
    await reports.deleteSchedule(c.get('sql'), whoOf(c), ownerOf(c), idOf(c));
    return ok(c, null, 'The report schedule was deleted.');
  });

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * GET reports/unsubscribe?token= (public: the report e-mail's link, no sign-in): the recipient the
 * signed token names receives that report no more. Answers a short HTML page in the recipient's
 * language (200), or, for a token that is not valid, in the language Accept-Language names (404).
 */
export const reportUnsubscribeRoutes = new Hono<AppEnv>().get('/reports/unsubscribe', logs('report_schedules'), async (c) => {
  const who = whoOf(c);
  const token = (c.req.query('token') ?? '').slice(0, 200);
  const done = await reports.unsubscribeByToken(c.get('sql'), token, now(c), who);
  const asked = (c.req.header('accept-language') ?? '').slice(0, 2).toLowerCase();
  const locale = done && isLocale(done.language) ? done.language : isLocale(asked) ? asked : 'en';
  const text = done
    ? formatMessage(locale, CATALOGS[locale]['reports.unsubscribe.done'], { name: done.name })
    : formatMessage(locale, CATALOGS[locale]['reports.unsubscribe.invalid']);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(text)}</title></head><body><main><p>${esc(text)}</p></main></body></html>`,
    done ? 200 : 404,
  );
});
