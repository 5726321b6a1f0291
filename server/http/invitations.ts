import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { Conflict } from '../runtime/domain-errors.ts';
import { enqueueInvite } from '../db/queries/outbox.ts';
import { throttle } from '../lib/auth/link-throttle.ts';
import { throttleScope } from './throttle-scope.ts';
import { recordActivity, type ActivityEntry, type Who } from '../lib/activity/record.ts';

/**
 * Invitations: a user added without a password gets an e-mail with a link (7 days)
 * to choose one (queued by insertUser in the transaction that adds the user); until then lists
 * show it "Invited" with "Resend invitation".
 */

/** The success words of an Add that invited: "User created successfully. An invitation will be e-mailed to ann@example.org." */
export const invitedMessage = (what: 'User' | 'Organizer', email: string) => `${what} created successfully. An invitation will be e-mailed to ${email}.`;

/**
 * Resend invitation: queues a new invitation e-mail to `user` (its earlier link stops working
 * when the new one is made) and wakes the sender. 409 when the user has set a password already;
 * throttled per address (the user's e-mail) and per client address like every link e-mail (429).
 * The e-mail is queued in one transaction with the `invite` activity row of `log.entry` by `log.who`.
 */
export async function resendInvitation(
  c: Context<AppEnv>,
  user: { id: number; name: string; email: string; invited: boolean },
  log: { who: Who; entry: Omit<ActivityEntry, 'action'> },
) {
  if (!user.invited) throw new Conflict('This user has already chosen a password.');
  await throttle(throttleScope(c), 'link', user.email.toLowerCase());
  await c.get('sql').transaction(async (tx) => {
    await enqueueInvite(tx, user);
    await recordActivity(tx, log.who, { ...log.entry, action: 'invite' });
  });
  c.get('mailer').wake();
}
