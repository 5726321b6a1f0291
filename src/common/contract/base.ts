import { z } from 'zod';
import { isIdList } from './rules.ts';

/**
 * The building blocks of the wire contract's zod schemas (issue 18 item 1): typed text, choices,
 * id lists, record ids, the envelopes and the paginator. ./schemas.ts (records, CONTRACT) and the
 * per-console modules (./organiser.ts, ./admin.ts) build on them; schemas.ts re-exports them, so
 * the area modules import this module rather than schemas.ts (which spreads their CONTRACT
 * entries: no import cycle). A refinement names its rule (`ContractRule`) or its Laravel message
 * (`says`), which server/lib/http/validate.ts parseBody turns into the spec's wording.
 */

/** One rule name a refinement carries, which parseBody turns into the spec's message. */
export type ContractRule = 'required' | 'oneOf' | 'idList';
const rule = (r: ContractRule) => ({ params: { rule: r } });
/** A refinement's own message in Laravel wording, `:attribute` standing for the field's label ("The :attribute must be a number."). */
export const says = (message: string) => ({ params: { message } });


/** Text that must be present and not blank, at most `max` characters (raw length). */
export const requiredText = (max: number) => z.string().max(max).refine((s) => s.trim() !== '', rule('required'));
/** Text that may be missing or empty, at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max).optional();
/** A value that, when given and not empty, is one of `values` (as text or number: forms send text, JSON clients numbers). */
export const choice = (...values: (string | number)[]) =>
  z.union([z.string(), z.number()]).refine((v) => v === '' || values.map(String).includes(String(v)), rule('oneOf')).optional();
/** A JSON-encoded list of record ids such as "[1,2]" (admin-area §3), may be missing or empty. */
export const idListText = z.string().refine((s) => s === '' || isIdList(s), rule('idList')).optional();

/** A record id (1 to 2^31 - 1). */
export const Id = z.number().int().min(1);
/** A role or permission named in another record. */
export const Named = z.object({ id: Id, name: z.string() });
export type Named = z.infer<typeof Named>;

/** The success envelope of DESIGN.md §2 around `data`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), message: z.string(), data });
/** The refusal envelope (DESIGN.md §2): 422 carries `errors` field -> [message]. */
export const ErrorEnvelope = z.object({ status: z.literal('error').optional(), message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });
/** One page of `item` rows (common/contract/rules.ts Paginator). */
export const paginator = <T extends z.ZodType>(item: T) =>
  z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int(), data: z.array(item) });

