import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from '../email.ts';
import { PASSWORD_MESSAGE, passwordProblem } from '../password.ts';
import { filled, requiredMessage } from './account.ts';
import { says } from './base.ts';

/**
 * The building blocks of the admin forms' bodies: a value a form sends as text or a JSON client
 * as a number, an e-mail field, a password field and a whole number, each with the spec's
 * Laravel wording (contract/admin.ts, contract/settings.ts use them).
 */

/** Text or a number: forms send "3", JSON clients 3. */
export const formValue = z.union([z.string(), z.number()]);
/** The form value as text ('' when missing). */
export const textOf = (v: string | number | boolean | undefined | null) => (v === undefined || v === null ? '' : String(v));

/** An e-mail address (common/email.ts) when not empty, then at most `max` characters; `need`: not blank either. */
export const emailText = (max: number, need = true) => {
  const s = need ? z.string().refine(filled, requiredMessage) : z.string();
  return s.refine((v) => v === '' || isEmail(v), says('The :attribute must be a valid email address.')).max(max);
};
/** A password that, when not empty, follows common/password.ts (PASSWORD_MESSAGE), at most `max` characters. */
export const passwordText = (max: number) =>
  z
    .string()
    .refine((v) => v === '' || !passwordProblem(v), says(PASSWORD_MESSAGE))
    .max(max);
/** A whole number as text or number, when not empty: "The x must be an integer.". */
export const integerValue = formValue.refine((v) => String(v).trim() === '' || /^-?\d+$/.test(String(v).trim()), says('The :attribute must be an integer.'));
