import type { z } from 'zod';
import { Invalid } from '../../runtime/domain-errors.ts';

type Body = Record<string, unknown>;

/** A field's display name: its name with _ as space ("current_password" -> "current password"). */
export const fieldLabel = (field: string) => field.replaceAll('_', ' ');
/** "The x must be a string.": a list or object where text is expected. */
export const notText = (l: string) => `The ${l} must be a string.`;
const label = fieldLabel;

/**
 * Checks `body` against a contract schema (src/common/contract/schemas.ts) and answers its parsed
 * value; else throws one Invalid (422 `validation_error`) with the first problem of every field in the
 * spec's Laravel wording: missing or blank "The x field is required.", a list or object where
 * text is expected "The x must be a string.", too long "The x may not be greater than n
 * characters.", not among the choices "The selected x is invalid.", a bad id list "The x must be
 * a JSON list of ids.", or a refinement's own message (contract/base.ts `says`, `:attribute` standing
 * for the label: "The :attribute must be a valid email address."). `labels` overrides a field's display name (default: its name, _ as space).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: Body, labels: Record<string, string> = {}): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (errors[field]) continue;
    errors[field] = [messageOf(issue, labels[field] ?? label(field), body[field])];
  }
  throw new Invalid(errors);
}

function messageOf(issue: z.core.$ZodIssue, l: string, value: unknown): string {
  const params = (issue as { params?: { rule?: string; message?: string } }).params;
  // A refinement with its own Laravel message (contract/base.ts `says`): ":attribute" is the label.
  if (typeof params?.message === 'string') return params.message.replaceAll(':attribute', l);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union':
      if (value === undefined || value === null) return `The ${l} field is required.`;
      if ('expected' in issue && (issue.expected === 'number' || issue.expected === 'int')) return `The ${l} must be a number.`;
      if ('expected' in issue && issue.expected === 'boolean') return `The ${l} field must be true or false.`;
      if ('expected' in issue && issue.expected === 'file') return `The ${l} field is required.`;
      return notText(l);
    case 'too_big':
      return `The ${l} may not be greater than ${issue.maximum} characters.`;
    case 'too_small':
      return `The ${l} field is required.`;
    case 'custom':
      if (params?.rule === 'required') return `The ${l} field is required.`;
      if (params?.rule === 'idList') return `The ${l} must be a JSON list of ids.`;
      return `The selected ${l} is invalid.`;
    default:
      return `The selected ${l} is invalid.`;
  }
}
