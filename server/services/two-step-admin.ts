import type { Sql } from '../db/sql.ts';
import { Conflict, Refused } from '../runtime/domain-errors.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { twoStepResetMail } from '../lib/mail/templates.ts';
import { revokeSessionsExcept } from '../db/queries/sessions.ts';
import { enqueueMail } from '../db/queries/outbox.ts';
import { recipientLanguage } from '../db/queries/mail-recipients.ts';
import { endLinks } from '../db/queries/account-tokens.ts';
import * as q from '../db/queries/two-step.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import { companyName, tellOwner } from './two-step.ts';

/**
 * Two-step sign-in, the administrator's side (docs/security.md "Two-step sign-in"): resetting a
 * user's factors and unlocking a user's sign-in codes, both from Users → Edit User. The caller
 * may already edit `target` (the route's Edit users and visibleUser); an administrator's only an
 * administrator may touch (403). Each writes its activity row by `who` and e-mails the user.
 */

/** A user as GET user/{id} reads it. */
export interface Target {
  id: number;
  name: string;
  email: string;
  company_id: number | null;
}

/** 403 unless `caller` may manage the two-step sign-in of `target`: an administrator's only by an administrator. */
async function mayManage(sql: Sql, caller: AuthUser, target: Target, what: string) {
  if (
    !caller.isAdmin &&
    (await sql.get('SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.name = ?', [target.id, 'admin']))
  )
    throw new Refused(`Only an administrator may ${what} an administrator's two-step sign-in.`);
}

/**
 * POST user/{id}/two-step/reset: removes every factor of the user (authenticator app, recovery
 * codes, passkeys), unlocks its codes, ends all their sessions and queues an e-mail telling them,
 * in one transaction with its activity row by `who`. Resolves to how many sessions ended.
 */
export async function resetTwoStep(sql: Sql, caller: AuthUser, who: Who, target: Target) {
  await mayManage(sql, caller, target, 'reset');
  const language = await recipientLanguage(sql, target.id);
  const mail = twoStepResetMail(await companyName(sql), target.name, caller.name, language);
  return sql.transaction(async (tx) => {
    await q.removeFactors(tx, target.id, true);
    await q.unlockCodes(tx, target.id);
    await endLinks(tx, target.id, 'unlock');
    const ended = await revokeSessionsExcept(tx, target.id, '');
    await enqueueMail(tx, {
      kind: 'two_step',
      to: target.email,
      toName: target.name,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      refId: target.id,
      language,
    });
    await recordActivity(tx, who, {
      resource: 'users',
      action: 'two_step_reset',
      id: target.id,
      label: target.name,
      organiserId: target.company_id,
      changes: {},
    });
    return ended;
  });
}

/**
 * POST user/{id}/two-step/unlock: unlocks the user's sign-in codes after too many wrong ones (the
 * count starts again; the user's unlock links end) and e-mails the user who did it, with its
 * activity row by `who`. 409 when the codes are not locked.
 */
export async function unlockTwoStep(sql: Sql, caller: AuthUser, who: Who, target: Target) {
  await mayManage(sql, caller, target, 'unlock');
  const company = await companyName(sql);
  await sql.transaction(async (tx) => {
    if ((await q.unlockCodes(tx, target.id)) !== 1) throw new Conflict(`The sign-in codes of ${target.name} are not locked.`);
    await endLinks(tx, target.id, 'unlock');
    await tellOwner(tx, company, who, { ...target, companyId: target.company_id }, 'two_step_unlock', { kind: 'unlocked' }, {}, caller.name);
  });
}
