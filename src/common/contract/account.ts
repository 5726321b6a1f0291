import { z } from 'zod';
import { Id, Named, oneLineText, requiredText, says } from './base.ts';
import { EMAIL_MAX_LENGTH, isEmail } from '../email.ts';
import { PASSWORD_MESSAGE, passwordProblem } from '../password.ts';
import { CONFIRM_MESSAGE, LINK_STATES } from '../mail-rules.ts';
import { SIGNED_IN_WITH, type SignedInWith } from '../two-step.ts';

/**
 * Sign-in and the caller's own account in the wire contract (admin-area §3): the bodies
 * of login, the reset and invitation links, the account and its sessions, and what they answer.
 * ./admin.ts re-exports it and names these in ADMIN_CONTRACT. Messages are the spec's Laravel wording.
 */

/** Not missing and not blank once trimmed. */
export const filled = (v: unknown) => String(v ?? '').trim() !== '';
/** The Laravel message of a missing field. */
export const requiredMessage = says('The :attribute field is required.');
/** Longest password read at sign-in or when one is set, in characters (docs/security.md). */
export const PASSWORD_MAX_LENGTH = 4096;

/** POST login, first reading (before the throttle): sizes only; `remember_me` 1/true/on asks for 30 days. */
export const LoginInput = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  remember_me: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;
/** POST login, after the throttle: an e-mail address and a password. */
export const LoginCredentials = z.object({
  email: z.string().refine(filled, requiredMessage).refine(isEmail, says('The :attribute must be a valid email address.')),
  password: z.string().refine(filled, requiredMessage),
});
/** What POST login (and a password set through a link) answers (admin-area §3): the session token, the role's name, the user, its abilities and the role ids it may give. */
export const SignedIn = z.object({
  token: z.string(),
  role: z.string(),
  id: Id,
  name: z.string(),
  companyid: Id.nullable(),
  abilities: z.array(z.string()),
  assignable_roles: z.array(Id),
});
export type SignedIn = z.infer<typeof SignedIn>;
/** GET user/get: the signed-in user (admin-area §3) with its abilities and assignable role ids. */
export const Me = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  image: z.string(),
  companyid: Id.nullable(),
  role: z.number().int(),
  roles: z.array(Named),
  abilities: z.array(z.string()),
  assignable_roles: z.array(Id),
});
export type Me = z.infer<typeof Me>;
/** POST password/forgot: the address typed. */
export const ForgotPasswordInput = z.object({
  email: z
    .string()
    .refine(filled, requiredMessage)
    .max(EMAIL_MAX_LENGTH)
    .refine((v) => isEmail(v), says('The :attribute must be a valid email address.')),
});
/** POST password/link: the link's token. */
export const LinkInput = z.object({ token: z.string().optional() });
/** What a link is: valid | used | expired | invalid, its purpose, and (valid) the account's e-mail and name. */
export const LinkState = z.object({
  state: z.enum(LINK_STATES),
  purpose: z.enum(['reset', 'invite']).nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type LinkState = z.infer<typeof LinkState>;
/** A new password twice: the rule of common/password.ts, then the confirmation equal (checked once the password passes). */
export const NewPasswordInput = z
  .object({
    password: z
      .string()
      .refine(filled, requiredMessage)
      .max(PASSWORD_MAX_LENGTH)
      .refine((v) => !passwordProblem(v), says(PASSWORD_MESSAGE)),
    password_confirmation: z.string().optional(),
  })
  .refine((v) => v.password_confirmation === v.password, { path: ['password_confirmation'], ...says(CONFIRM_MESSAGE), when: (p) => p.issues.length === 0 });
/** POST password/reset: the link's token, then (once the link is valid) the new password twice (NewPasswordInput). */
export const ResetPasswordInput = z.object({
  token: z.string().max(200).optional(),
  password: z.string().optional(),
  password_confirmation: z.string().optional(),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
/** PUT account/password: the current password, then (after the throttle) the new one twice (NewPasswordInput). */
export const ChangePasswordInput = z.object({
  current_password: requiredText(PASSWORD_MAX_LENGTH),
  password: z.string().optional(),
  password_confirmation: z.string().optional(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
/** PUT account: the caller's name (one line: names become e-mail headers). */
export const AccountNameInput = z.object({ name: oneLineText(255, true) });
/** The caller's own account: id, name, e-mail (read-only), whether an organiser's. */
export const Account = z.object({ id: Id, name: z.string(), email: z.string(), organiser: z.boolean() });
export type Account = z.infer<typeof Account>;
/** One signed-in browser of the caller (times in ms); `current` for this one; `signed_in_with` how it signed in (common/two-step.ts SIGNED_IN_WITH). */
export const AccountSession = z.object({
  id: Id,
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
  current: z.boolean(),
  signed_in_with: z.enum(Object.keys(SIGNED_IN_WITH) as [SignedInWith, ...SignedInWith[]]),
});
export type AccountSession = z.infer<typeof AccountSession>;
/** What ending sessions answers: how many ended. */
export const Ended = z.object({ ended: z.number().int() });
