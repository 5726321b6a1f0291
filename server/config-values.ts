import { z } from 'zod';

/**
 * The kinds of value a setting of server/config.ts reads from its environment variable (text, a
 * whole number in a range, yes/no, a URL of given schemes, one of a list), each a zod type whose
 * input is the raw string or undefined (a blank value counts as unset), and `setting`, which
 * pairs a kind with the setting's line in docs/configuration.md.
 */

/** One setting as docs/configuration.md shows it. */
export interface SettingDoc {
  group: string;
  expected: string;
  fallback: string;
  doc: string;
}

/** Booleans as people write them; anything else is refused rather than read as false. */
const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** An unset or blank variable: the setting's default applies. */
const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** A setting: its zod type (input: the raw string or undefined) and its line in the docs. */
export function setting<T extends z.ZodType>(group: string, expected: string, fallback: string, doc: string, type: T) {
  return { type, doc: { group, expected, fallback, doc } };
}

export const text = () =>
  z
    .string()
    .optional()
    .transform((v) => (blank(v) ? undefined : v!.trim()));
export const integer = (min: number, max: number) =>
  z
    .string()
    .optional()
    .refine((v) => blank(v) || /^\d+$/.test(v!.trim()), { message: 'is not a whole number' })
    .transform((v) => (blank(v) ? undefined : Number(v!.trim())))
    .refine((v) => v === undefined || (v >= min && v <= max), { message: `is out of range` });
export const boolean = () =>
  z
    .string()
    .optional()
    .refine((v) => blank(v) || TRUE.has(v!.trim().toLowerCase()) || FALSE.has(v!.trim().toLowerCase()), { message: 'is not a yes/no value' })
    .transform((v) => (blank(v) ? undefined : TRUE.has(v!.trim().toLowerCase())));
export const url = (schemes: string[]) =>
  z
    .string()
    .optional()
    .refine(
      (v) => {
        if (blank(v)) return true;
        try {
          return schemes.includes(new URL(v!.trim()).protocol);
        } catch {
          return false;
        }
      },
      { message: 'is not a URL of the expected kind' },
    )
    .transform((v) => (blank(v) ? undefined : v!.trim()));
export const oneOf = <const V extends string>(values: readonly V[]) =>
  z
    .string()
    .optional()
    .refine((v) => blank(v) || values.includes(v!.trim() as V), { message: 'is not one of the accepted values' })
    .transform((v) => (blank(v) ? undefined : (v!.trim() as V)));
