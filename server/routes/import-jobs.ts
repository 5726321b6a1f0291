import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, toId } from '../http/envelope.ts';
import { query } from '../http/input.ts';
import { ImportJobKindQuery } from '../../src/common/contract/admin.ts';
import { requireUser } from '../http/middleware/auth.ts';
import * as jobs from '../services/import-jobs.ts';
import { undoImport, undoPreview } from '../services/import-undo.ts';
import { logs, whoOf } from '../http/logs.ts';
import { sayJob } from '../http/api-language.ts';

/**
 * Import jobs (DESIGN.md §4): `POST user/import` and `POST uploadExcel` check the sheet, then
 * answer `data { job_id }` and import in the background.
 *
 * - GET import-job/{id} -> data ImportJob (src/common/import-job.ts): state queued | running |
 *   done | failed, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed,
 *   message (the success text when done, the reason when failed; in the caller's language, its
 *   code in message_code when it has one: http/api-language.ts sayJob), created_at, finished_at.
 * - GET import-job/current?kind=users|photos -> data ImportJob of the caller's newest queued or
 *   running job of that kind, or null (the console resumes its progress bar from it when the
 *   browser kept no job id).
 * - GET import-job/recent?kind=users|photos|participants -> data RecentImport (an ImportJob with
 *   undone_at and undone_by) of the caller's newest done job of that kind that finished in the
 *   last 24 hours, or null (the notice above the Users list, services/import-jobs.ts recentJob).
 *
 * - GET import-job/{id}/undo -> data UndoPreview (services/import-undo.ts): how many rows undo
 *   removes, and the rows changed or used since that block it.
 * - POST import-job/{id}/undo -> data { count }, "Import undone: 200 photos removed." (or users);
 *   409 when not finished, already undone, or blocked (data { blocked, blocked_total }).
 *
 * Only the user who started the job (or an admin) sees it; anyone else gets 404
 * (services/import-jobs.ts); `kind` is checked by the contract's ImportJobKindQuery.
 */
export const importJobRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/current', query(ImportJobKindQuery), async (c) => ok(c, sayJob(c, await jobs.currentJob(c.get('sql'), c.get('user'), c.req.valid('query').kind))))
  .get('/recent', query(ImportJobKindQuery), async (c) =>
    ok(c, sayJob(c, await jobs.recentJob(c.get('sql'), c.get('user'), c.req.valid('query').kind, c.get('config').now()))),
  )
  .get('/:id/undo', async (c) => ok(c, await undoPreview(c.get('sql'), c.get('user'), toId(c.req.param('id')))))
  .post('/:id/undo', logs('imports'), async (c) => {
    const { count, message } = await undoImport(c.get('sql'), c.get('user'), whoOf(c), toId(c.req.param('id')), c.get('config').now());
    return ok(c, { count }, message);
  })
  .get('/:id', async (c) => ok(c, sayJob(c, await jobs.jobOf(c.get('sql'), c.get('user'), toId(c.req.param('id'))))));
