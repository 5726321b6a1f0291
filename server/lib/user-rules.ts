/**
 * The answer when a users form or sheet names role `company` (admin-area §3, DESIGN.md §3):
 * organiser sign-in users are managed from Organizers only. Shared by routes/users.ts and
 * routes/user-import.ts (route files do not import each other).
 */
export const ORGANISER_ROLE = 'Organiser users are added and changed from Organizers.';
