import { z } from 'zod';
import { isIdList } from './rules.ts';
import { API_MESSAGE_CODES } from '../i18n/api-message-codes.ts';
import { SUCCESS_MESSAGE_CODES } from '../i18n/success-message-codes.ts';
import { isIsoDate } from '../dates.ts';
import { atMost, choiceChecks, firstProblem, INTEGER, isDate, isNumeric, isOneLine, isRequired, type Check } from './checks.ts';

/**
 * The building blocks of the wire contract's zod schemas: typed text, choices,
 * id lists, record ids, the envelopes and the paginator. ./schemas.ts (records, CONTRACT) and the
 * per-console modules (./organiser.ts, ./admin.ts) build on them; schemas.ts re-exports them, so
 * the area modules import this module rather than schemas.ts (which spreads their CONTRACT
 * entries: no import cycle). A refinement names its rule (`ContractRule`) or its Laravel message
 * (`says`), which server/http/validate.ts parseBody turns into the spec's wording.
 */

/** One rule name a refinement carries, which parseBody turns into the spec's message. */
export type ContractRule = 'required' | 'oneOf' | 'idList';
const rule = (r: ContractRule) => ({ params: { rule: r } });
/** A refinement's own message in Laravel wording, `:attribute` standing for the field's label ("The :attribute must be a number."). */
export const says = (message: string) => ({ params: { message } });

/** Text that must be present and not blank, at most `max` characters (raw length). */
export const requiredText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== '', rule('required'));
/** Text that may be missing or empty, at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max).optional();
/** A value that, when given and not empty, is one of `values` (as text or number: forms send text, JSON clients numbers). */
export const choice = (...values: (string | number)[]) =>
  z
    .union([z.string(), z.number()])
    .refine((v) => v === '' || values.map(String).includes(String(v)), rule('oneOf'))
    .optional();
/** A JSON-encoded list of record ids such as "[1,2]" (admin-area §3), may be missing or empty. */
export const idListText = z
  .string()
  .refine((s) => s === '' || isIdList(s), rule('idList'))
  .optional();

/** A record id (1 to 2^31 - 1). */
export const Id = z.number().int().min(1);
/** A role or permission named in another record. */
export const Named = z.object({ id: Id, name: z.string() });
export type Named = z.infer<typeof Named>;

/**
 * The success envelope of DESIGN.md §2 around `data`. `message` (a string, '' when there is none)
 * follows the caller's language; `code` is its stable code when it is a coded success message
 * (src/common/i18n/success-message-codes.ts SUCCESS_MESSAGE_CODES), absent otherwise.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal('success'),
    message: z.string(),
    /** The message's stable code (SUCCESS_MESSAGE_CODES), when it has one; the text follows the caller's language. */
    code: z.enum(SUCCESS_MESSAGE_CODES).optional(),
    data,
  });
/** The refusal envelope (DESIGN.md §2): 422 carries `errors` field -> [message]. */
export const ErrorEnvelope = z.object({
  status: z.literal('error').optional(),
  message: z.string(),
  /** The message's stable code (src/common/i18n/api-message-codes.ts API_MESSAGE_CODES), when it has one; the text follows the caller's Accept-Language. */
  code: z.enum(API_MESSAGE_CODES).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Per field, the code of each message of `errors` ('validation.other' for one without a code). */
  error_codes: z.record(z.string(), z.array(z.string())).optional(),
});
/** One page of `item` rows (common/contract/rules.ts Paginator). */
export const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    data: z.array(item),
    total_capped: z.literal(true).optional(),
    next_cursor: z.string().optional(),
    prev_cursor: z.string().optional(),
  });

/** Adds `checks` (./checks.ts) to `schema` in order: the first failing one is the field's problem, in its own words. */
export const checked = <S extends z.ZodType>(schema: S, checks: readonly Check[]) =>
  schema.superRefine((v, ctx) => {
    const m = firstProblem(checks, v == null ? '' : String(v));
    if (m) ctx.addIssue({ code: 'custom', message: m, ...says(m) });
  });

/** Text (a list or object is "must be a string.") with `checks` in order. */
export const textWith = (...checks: Check[]) => checked(z.string(), checks);
/** Text on one line (a name or subject: it reaches e-mail headers), at most `max` characters; `need`: not blank either. */
export const oneLineText = (max: number, need = false) => textWith(...(need ? [isRequired] : []), atMost(max), isOneLine);
/** Text or a number (JSON clients send numbers where forms send text), read as text, with `checks` in order. */
export const textOrNumber = (...checks: Check[]) => checked(z.union([z.string(), z.number()]), checks).transform((v) => String(v));

/**
 * A record id as a form (text) or JSON (number) sends it: required, "The x must be an integer.",
 * "The selected x is invalid." outside 1 to 2^31 - 1 (what both engines store). Parsed to a number.
 */
export const recordIdField = checked(z.union([z.string(), z.number()]), [
  isRequired,
  (s) => (INTEGER.test(s.trim()) ? null : 'The :attribute must be an integer.'),
  (s) => (/^\d{1,10}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 2 ** 31 - 1 ? null : 'The selected :attribute is invalid.'),
]).transform((v) => Number(v));
/** A record id that may be missing or empty (then undefined); otherwise as recordIdField. */
export const optionalRecordId = z
  .union([z.literal(''), recordIdField])
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** One of `values` and present ("The x field is required.", "The selected x is invalid."), parsed to a number when `values` are numbers. */
export const requiredChoice = <T extends string | number>(...values: T[]) =>
  checked(z.union([z.string(), z.number()]), choiceChecks(...values)).transform((v) => values.find((x) => String(x) === String(v)) as T);
/** A required number (text or JSON number): "The x field is required.", "The x must be a number."; parsed to a number. */
export const requiredNumber = checked(z.union([z.string(), z.number()]), [isRequired, isNumeric]).transform((v) => Number(v));
/** A file of a multipart body (OpenAPI: string, format binary); anything else reads as missing ("The x field is required."). */
export const fileField = z.file();

/** Adds the problem `message` on `field` (one of a body's cross-field rules). */
export const fieldIssue = (ctx: z.RefinementCtx, field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message, ...says(message) });
/** A required date, YYYY-MM-DD. */
export const dateField = textWith(isRequired, isDate);

/** The end-date rule of events and campaigns (organiser-console §3). */
export const END_DATE_AFTER_START = 'The end date must be a date after or equal to start date.';
/** Refines a body with start_date and end_date: END_DATE_AFTER_START on end_date when both are dates and the end is earlier. */
export const endNotBeforeStart = (v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (v.start_date && v.end_date && isIsoDate(v.start_date) && isIsoDate(v.end_date) && v.end_date < v.start_date)
    fieldIssue(ctx, 'end_date', END_DATE_AFTER_START);
};
/** An image sent as a data URL, or '' / ' ' for none (server/lib/files/images.ts decodes and checks it). */
export const imageDataUrl = z.string().optional();
/** What a bulk delete answers (admin and organiser lists alike): how many rows went. */
export const BulkDeleted = z.object({ deleted: z.number().int() });

/**
 * What one route reads and answers: `body` the request body, `query` its query string, `data` the
 * success envelope's data; `csv` names the file of a CSV answer (text/csv attachment, no envelope);
 * `bytes` lists the media types of a stored file answered as its bytes (no envelope).
 */
export interface RouteContract {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  data?: z.ZodType;
  csv?: string;
  bytes?: readonly string[];
}
