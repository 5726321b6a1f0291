import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ok, readBody } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { readSpreadsheet, recordsOf } from '../lib/spreadsheets/spreadsheet.ts';
import { requireAbility, requireScreen, requireUser } from '../http/middleware/auth.ts';
import { USER_IMPORT_COLUMNS } from '../../src/common/sheet-rules.ts';
import { ImportCheckInput } from '../../src/common/contract/admin.ts';
import * as users from '../services/users.ts';
import { logs, whoOf } from '../http/logs.ts';

/**
 * POST user/import (admin-area §2, §7; DESIGN.md §4), mounted at /user before routes/users.ts:
 * needs the Users screen and ability `users.import`. Multipart `file`, .csv or .xlsx with the
 * columns of USER_IMPORT_COLUMNS (role by name; a blank password invites the user:
 * nothing to hash, its invitation queued with it). Every row is checked first (password rule of
 * src/common/password.ts; only roles the caller may assign); any problem answers 422 on `file`
 * naming the rows (the first 20) and nothing is written. A clean sheet becomes a background job:
 * the answer is `data { job_id }` at once ("The import has started."); the job hashes the
 * passwords (lib/auth/hash-slots.ts bound), then writes every user in one transaction and ends with
 * the message "N users imported successfully." (GET import-job/{id}).
 * 409 while the same user's previous import is still queued or running (services/users.ts holds
 * the checks and the job; this route reads the sheet and answers). Each imported user
 * records the job's id (users.import_job_id), which the Users list filters by (`import_job`).
 *
 * POST user/import/check, same guards: form field `emails` (contract
 * ImportCheckInput: one address a line, at most SHEET_MAX_ROWS lines of at most EMAIL_MAX_LENGTH
 * characters, else 422 on `emails`), answers
 * `data { taken }`, those already stored, lower-case: the preview's one request.
 */
export const userImportRoutes = new Hono<AppEnv>()
  .post('/import', requireUser, requireScreen('users'), requireAbility('users.import'), logs('imports'), async (c) => {
    const records = await recordsOf(await readSpreadsheet((await readBody(c)).file), USER_IMPORT_COLUMNS);
    return ok(c, { job_id: await users.importUsers(c.get('sql'), c.get('user'), whoOf(c), records, () => c.get('mailer').wake()) }, 'The import has started.');
  })
  .post('/import/check', requireUser, requireScreen('users'), requireAbility('users.import'), body(ImportCheckInput), async (c) =>
    ok(c, { taken: await users.takenEmails(c.get('sql'), c.req.valid('form').emails.split('\n')) }),
  );
