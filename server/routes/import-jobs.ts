import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http-error.ts';
import { ok, toId } from '../lib/envelope.ts';
import { readJob } from '../lib/import-jobs.ts';
import { requireUser } from '../middleware/auth.ts';
import { jobOwner } from '../db/queries/import-jobs.ts';

/**
 * Import jobs (DESIGN.md §4): `POST user/import` and `POST uploadExcel` check the sheet, then
 * answer `data { job_id }` and import in the background.
 *
 * - GET import-job/{id} -> data ImportJob (src/common/import-job.ts): state queued | running |
 *   done | failed, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed,
 *   message (the success text when done, the reason when failed), created_at, finished_at.
 *
 * Only the user who started the job (or an admin) sees it; anyone else gets 404.
 */
export const importJobRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:id', async (c) => {
    const id = toId(c.req.param('id'));
    const owner = await jobOwner(c.var.sql, id);
    if (owner === undefined || (Number(owner) !== c.var.user.id && !c.var.user.isAdmin)) throw notFound('Import job');
    return ok(c, await readJob(c.var.sql, id));
  });
