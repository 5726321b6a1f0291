import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';

/**
 * Participants of an event (docs/participants.md): one row per participant an organiser added,
 * with the timestamps (ms) of the delivery funnel's stages.
 *
 * - `bib_number`: the BIB, matched as text against `event_photos.bid_number` of the same event;
 * - `face_consent` 1/0 and `consent_date` (YYYY-MM-DD, '' when none): the consent as declared;
 * - `notified_at`: the "your photos are ready" e-mail was queued; `viewed_at`: the gallery was
 *   first opened; `bought_at`: a purchase (or, for a free event, a download) was recorded;
 * - `gallery_token_hash`: SHA-256 (hex) of the personal gallery token, set when notified; the
 *   token itself is only in the e-mail.
 *
 * Indexes: (event_id, bib_number) for the funnel's photo match and the list; the token hash for
 * the gallery's lookup. PostgreSQL: the new table announces its changes as every table does.
 * Each statement on one line or ending with `;` at a line end (migrate.ts splits there).
 */
const migration: Migration = {
  id: '026-participants',
  run: announceChanges,
  sql: `CREATE TABLE participants (id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, bib_number TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL DEFAULT '', face_consent INTEGER NOT NULL DEFAULT 0, consent_date TEXT NOT NULL DEFAULT '', notified_at BIGINT, viewed_at BIGINT, bought_at BIGINT, gallery_token_hash TEXT UNIQUE, created_at BIGINT NOT NULL);
CREATE INDEX participants_event_bib ON participants (event_id, bib_number);
`,
};
export default migration;
