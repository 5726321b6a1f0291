import type { Sql } from '../../db/sql.ts';
import { Invalid } from '../../runtime/domain-errors.ts';
import { passwordHashOf, signedInWithin } from '../../db/queries/sessions.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { CODE_WRONG } from '../../../src/common/two-step.ts';

/**
 * "Is this the account's owner, or only someone holding its session?" (docs/security.md
 * "Confirming it is you"): the one rule for the changes a stolen session must not make alone,
 * the e-mail settings, a new passkey, turning the authenticator app on, new recovery codes. The
 * caller proves it with its own password, or a current code of its authenticator app (or an
 * unused recovery code), or a sign-in at most FRESH_SIGN_IN_MS old (the session's `created_at`).
 */

/** A sign-in at most this old confirms the owner without a password or code (5 minutes). */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** 422 on current_password when it is not the caller's. */
export const WRONG_PASSWORD_MESSAGE = 'The current password is not right.';

/**
 * Who asks: the user's id, its session's token hash (a fresh sign-in), and `throttled`, which runs
 * a password check under the route's throttle (a check failing on current_password counts; 429
 * once too many did).
 */
export interface Confirmer {
  userId: number;
  sessionHash: string;
  throttled: (check: () => Promise<void>) => Promise<void>;
}
/**
 * What the caller sent: `password` (current_password, '' when blank) and, where a code is taken
 * instead, `code` (the typed code, '' when blank) with `spend`, which checks and spends it
 * (resolves false when it is not right; may throw, e.g. while codes are locked).
 */
export interface OwnerProof {
  password: string;
  code?: string;
  spend?: (code: string) => Promise<boolean>;
}

const decoyHash = hashPassword('decoy-password-for-timing');

/**
 * Confirms the owner (see the module's comment), in this order: a typed password must be right
 * (checked under the throttle, same cost whether or not the user has one; else 422
 * WRONG_PASSWORD_MESSAGE on current_password); else a typed code must be right (else 422
 * CODE_WRONG on code); else the session must be a sign-in at most FRESH_SIGN_IN_MS old, else 422
 * `ask` on current_password (the words that say what to type, e.g. "Type your password to add a passkey.").
 */
export async function confirmOwner(sql: Sql, a: Confirmer, proof: OwnerProof, ask: string): Promise<void> {
  if (proof.password !== '') {
    await a.throttled(async () => {
      const stored = (await passwordHashOf(sql, a.userId)) ?? '';
      if (!(await verifyPassword(proof.password, stored || (await decoyHash))) || !stored) throw new Invalid({ current_password: [WRONG_PASSWORD_MESSAGE] });
    });
    return;
  }
  if (proof.code && proof.spend) {
    if (!(await proof.spend(proof.code))) throw new Invalid({ code: [CODE_WRONG] });
    return;
  }
  if (await signedInWithin(sql, a.sessionHash, FRESH_SIGN_IN_MS)) return;
  throw new Invalid({ current_password: [ask] });
}
