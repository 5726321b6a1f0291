/**
 * The password rule (admin-area §5 "password pattern", §9 "minimum 8 characters"; DESIGN.md §3):
 * at least 8 characters with a digit, an upper-case and a lower-case letter. The console's forms
 * and the server (user create, update, import; organiser create, update) both apply this one
 * rule (./password-pattern.ts) and show this one message (the console from its catalogs: `validation.password`). Pure: no DOM, no Node.
 */
import { PASSWORD_PATTERN } from './password-pattern.ts';

export { PASSWORD_PATTERN };

export const PASSWORD_MESSAGE = 'The password must be at least 8 characters long and contain a digit, an upper-case and a lower-case letter.';

/** `PASSWORD_MESSAGE` when `password` breaks the rule, else null. Not trimmed: spaces count as characters. */
export const passwordProblem = (password: string): string | null => (PASSWORD_PATTERN.test(password) ? null : PASSWORD_MESSAGE);
