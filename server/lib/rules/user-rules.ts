/**
 * The answer when a users form or sheet names role `company` (admin-area §3, DESIGN.md §3),
 * worded once in src/common/sheet-rules.ts; routes/users.ts and routes/user-import.ts read it
 * here (route files do not import each other).
 */
export { ORGANISER_ROLE } from '../../../src/common/sheet-rules.ts';
