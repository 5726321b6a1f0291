import type { Migration } from './migration.ts';

/**
 * Languages of participants and events, and the user's time zone (docs/languages.md):
 * - `participants.language`: the locale of the participant's gallery e-mail and page (a shipped
 *   one, src/common/i18n/locales.ts), or '' for the event's default;
 * - `events.language`: the event's default language for its participants, or '' (English);
 * - `outbox.language`: the locale an e-mail written when queued is in (its Content-Language), or
 *   '' for English;
 * - `users.time_zone`: the IANA time zone the console shows the user's times in
 *   (src/common/time-zone.ts), or '' for the browser's.
 */
const migration: Migration = {
  id: '043-participant-language',
  sql: `ALTER TABLE participants ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
`,
};
export default migration;
