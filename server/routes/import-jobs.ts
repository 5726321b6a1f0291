import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound, validationError } from '../http-error.ts';
import { ok, toId } from '../lib/envelope.ts';
import { readJob } from '../lib/import-jobs.ts';
import { requireUser } from '../middleware/auth.ts';
import { activeJobOf, jobOwner } from '../db/queries/import-jobs.ts';

/**
 * Import jobs (DESIGN.md §4): `POST user/import` and `POST uploadExcel` check the sheet, then
 * answer `data { job_id }` and import in the background.
 *
 * - GET import-job/{id} -> data ImportJob (src/common/import-job.ts): state queued | running |
 *   done | failed, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed,
 *   message (the success text when done, the reason when failed), created_at, finished_at.
 * - GET import-job/current?kind=users|photos -> data ImportJob of the caller's newest queued or
 *   running job of that kind, or null (the console resumes its progress bar from it when the
 *   browser kept no job id).
 *
 * Only the user who started the job (or an admin) sees it; anyone else gets 404.
 */
export const importJobRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/current', async (c) => {
    const kind = c.req.query('kind');
    if (kind !== 'users' && kind !== 'photos') throw validationError({ kind: ['The selected kind is invalid.'] });
    const id = await activeJobOf(c.var.sql, c.var.user.id, kind);
    return ok(c, id === undefined ? null : (await readJob(c.var.sql, Number(id))) ?? null);
  })
  .get('/:id', async (c) => {
    const id = toId(c.req.param('id'));
    const owner = await jobOwner(c.var.sql, id);
    if (owner === undefined || (Number(owner) !== c.var.user.id && !c.var.user.isAdmin)) throw notFound('Import job');
    return ok(c, await readJob(c.var.sql, id));
  });
