import type { Migration } from './migration.ts';

/**
 * The daily roll-ups behind an event's insights (docs/insights.md): counts kept per
 * event and per quarter hour (UTC), so a reader's day in any time zone (whole, half or
 * three-quarter hour offsets, summer time included) is a sum of whole slots, and a year of an
 * event is at most 35,136 slots however many participants and photos it has.
 *
 * - `participants.matched_at`: when the participant became *matched* (its `photo_matches` rose
 *   above 0, migration 029), NULL while it is not. Set by the database from its own clock
 *   (PostgreSQL: a row trigger before the write, named to run after migration 029's
 *   `participant_matches_own`; SQLite: a row trigger after the count changed). Existing
 *   matched participants take their `created_at` (no earlier record of when they matched).
 * - `insight_slots (event_id, slot, registered, matched, notified, viewed, bought,
 *   gallery_views)`: `slot` is the quarter hour's start (ms since 1970, UTC). The five stage
 *   columns count the participants that are at that stage or a later one now (the funnel's
 *   definitions, migration 031), each dated by when it reached the stage: `created_at`,
 *   `matched_at`, `notified_at`, `viewed_at`, `bought_at`. So over all slots they sum to the
 *   event's funnel, and over a range to the funnel of the participants that reached each stage in
 *   it. Triggers on `participants` keep them whatever changes a participant (as the funnel's):
 *   the old row's stages are taken from their slots and the new row's added. `gallery_views`
 *   counts every opening of a gallery page (services/participants.ts openGallery adds one in the
 *   opening's transaction); the rows existing here count their first openings (`viewed_at`), the
 *   only ones recorded before.
 * - `insight_sales (event_id, slot, slab, purchases, revenue_cents)`: the participant payments
 *   recorded for the event (POST /recognition/events/payment/participant, attributed to every
 *   event whose campaigns use the payment's recognition event, as the payment marks bought),
 *   per payment slab: how many, and the amounts paid in cents (services/recognition.ts
 *   recordPayment writes it in the payment's transaction). The payments the emulation kept
 *   before are counted here, with no amount (the call carried none).
 *
 * Both go with their event (ON DELETE CASCADE). A slot row whose counts fell back to 0 stays.
 * Deleting a participant only subtracts from rows that exist (its contribution made them), so a
 * cascade from the event's deletion writes no new row. Each statement on one line (migrate.ts
 * splits at a `;` ending a line).
 */

/** A quarter hour in ms: the slot's width. Every current UTC offset is a whole number of them. */
export const SLOT_MS = 900_000;
const SLOT = (t: string) => `(${t} - ${t} % ${SLOT_MS})`;

/** The funnel stage (0–4) of participant row `r` (as migration 031). */
const STAGE = (r: string) =>
  `(CASE WHEN ${r}.photo_matches <= 0 THEN 0 WHEN ${r}.notified_at IS NULL THEN 1 WHEN ${r}.viewed_at IS NULL THEN 2 WHEN ${r}.bought_at IS NULL THEN 3 ELSE 4 END)`;

/** The stage columns, the least stage each counts and the time of row `r` that dates it. */
const STAGES = [
  ['registered', 0, (r: string) => `${r}.created_at`],
  ['matched', 1, (r: string) => `COALESCE(${r}.matched_at, ${r}.created_at)`],
  ['notified', 2, (r: string) => `${r}.notified_at`],
  ['viewed', 3, (r: string) => `${r}.viewed_at`],
  ['bought', 4, (r: string) => `${r}.bought_at`],
] as const;
const COLUMNS = STAGES.map(([c]) => c).join(', ');

/**
 * The slot contributions of participant rows `r` (read `from`, '' for a trigger's row): one row
 * (event_id, slot, registered … bought) per stage the row counts in, 1 in that stage's column.
 */
const DELTAS = (r: string, from: string) =>
  STAGES.map(([, k, time], i) => {
    const cols = STAGES.map(([c], j) => `${i === j ? 1 : 0} AS ${c}`).join(', ');
    return `SELECT ${r}.event_id AS event_id, ${SLOT(time(r))} AS slot, ${cols}${from}${k === 0 ? '' : ` WHERE ${STAGE(r)} >= ${k}`}`;
  }).join(' UNION ALL ');

/** Adds the summed changes `deltas` to their slots, making the rows that are missing. */
const ADD = (deltas: string) =>
  `INSERT INTO insight_slots (event_id, slot, ${COLUMNS}) SELECT d.event_id, d.slot, ${STAGES.map(([c]) => `SUM(d.${c})`).join(', ')} FROM (${deltas}) d WHERE 1 = 1 GROUP BY d.event_id, d.slot ON CONFLICT (event_id, slot) DO UPDATE SET ${STAGES.map(([c]) => `${c} = insight_slots.${c} + excluded.${c}`).join(', ')}`;

const TABLES = `ALTER TABLE participants ADD COLUMN matched_at BIGINT;
UPDATE participants SET matched_at = created_at WHERE photo_matches > 0;
CREATE TABLE insight_slots (event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, slot BIGINT NOT NULL, ${STAGES.map(([c]) => `${c} INTEGER NOT NULL DEFAULT 0`).join(', ')}, gallery_views INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (event_id, slot));
CREATE TABLE insight_sales (event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, slot BIGINT NOT NULL, slab TEXT NOT NULL, purchases INTEGER NOT NULL DEFAULT 0, revenue_cents BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (event_id, slot, slab));
${ADD(DELTAS('p', ' FROM participants p'))};
INSERT INTO insight_slots (event_id, slot, gallery_views) SELECT v.event_id, v.slot, COUNT(*) FROM (SELECT p.event_id, ${SLOT('p.viewed_at')} AS slot FROM participants p WHERE p.viewed_at IS NOT NULL) v WHERE 1 = 1 GROUP BY v.event_id, v.slot ON CONFLICT (event_id, slot) DO UPDATE SET gallery_views = excluded.gallery_views;`;

/** The payment slab and event of kept payments, per engine's JSON reading. */
const SALES_BACKFILL = (slab: string) =>
  `INSERT INTO insight_sales (event_id, slot, slab, purchases, revenue_cents) SELECT c.event_id, ${SLOT('pay.created_at')}, ${slab}, COUNT(*), 0 FROM recognition_participant_payments pay JOIN (SELECT DISTINCT event_id, image_console_id FROM campaigns) c ON c.image_console_id = CAST(pay.event_id AS TEXT) GROUP BY c.event_id, ${SLOT('pay.created_at')}, ${slab};`;

/** SQLite: subtract row `r`'s stages from their slots (rows that exist only). */
const TAKE_ROW = (r: string) =>
  STAGES.map(
    ([c, k, time]) =>
      `UPDATE insight_slots SET ${c} = ${c} - 1 WHERE event_id = ${r}.event_id AND slot = ${SLOT(time(r))}${k === 0 ? '' : ` AND ${STAGE(r)} >= ${k}`}`,
  ).join('; ');
const NOW_SQLITE = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const CHANGED = `old.event_id <> new.event_id OR old.created_at <> new.created_at OR ${STAGE('old')} <> ${STAGE('new')} OR old.matched_at IS NOT new.matched_at OR old.notified_at IS NOT new.notified_at OR old.viewed_at IS NOT new.viewed_at OR old.bought_at IS NOT new.bought_at`;

const sqlite = `${TABLES}
${SALES_BACKFILL("COALESCE(CAST(json_extract(pay.payload, '$.payment_slab') AS TEXT), '')")}
CREATE TRIGGER participant_when_matched AFTER UPDATE OF photo_matches ON participants WHEN (new.photo_matches > 0) <> (new.matched_at IS NOT NULL) BEGIN UPDATE participants SET matched_at = CASE WHEN photo_matches > 0 THEN COALESCE(matched_at, ${NOW_SQLITE}) ELSE NULL END WHERE id = new.id; END;
CREATE TRIGGER participant_insight_ai AFTER INSERT ON participants BEGIN ${ADD(DELTAS('new', ''))}; END;
CREATE TRIGGER participant_insight_ad AFTER DELETE ON participants BEGIN ${TAKE_ROW('old')}; END;
CREATE TRIGGER participant_insight_au AFTER UPDATE OF event_id, created_at, photo_matches, matched_at, notified_at, viewed_at, bought_at ON participants WHEN ${CHANGED} BEGIN ${TAKE_ROW('old')}; ${ADD(DELTAS('new', ''))}; END;
`;

/** PostgreSQL: row sets of an update whose contribution changed (`keep` the old or the new side). */
const CHANGED_PG = `o.event_id <> n.event_id OR o.created_at <> n.created_at OR ${STAGE('o')} <> ${STAGE('n')} OR o.matched_at IS DISTINCT FROM n.matched_at OR o.notified_at IS DISTINCT FROM n.notified_at OR o.viewed_at IS DISTINCT FROM n.viewed_at OR o.bought_at IS DISTINCT FROM n.bought_at`;
const MOVED = (keep: 'o' | 'n') => `(SELECT ${keep}.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${CHANGED_PG})`;
/** PostgreSQL: subtract the summed stages of rows `from` from the slots that exist. */
const TAKE_ROWS = (from: string) =>
  `UPDATE insight_slots t SET ${STAGES.map(([c]) => `${c} = t.${c} - d.${c}`).join(', ')} FROM (SELECT x.event_id, x.slot, ${STAGES.map(([c]) => `SUM(x.${c}) AS ${c}`).join(', ')} FROM (${DELTAS('r', ` FROM ${from} r`)}) x GROUP BY x.event_id, x.slot) d WHERE t.event_id = d.event_id AND t.slot = d.slot`;
const ADD_ROWS = (from: string) => ADD(DELTAS('r', ` FROM ${from} r`));
const NOW_PG = 'CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000 AS BIGINT)';

const postgres = `${TABLES}
${SALES_BACKFILL("COALESCE(pay.payload::jsonb ->> 'payment_slab', '')")}
CREATE FUNCTION participant_when_matched() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.photo_matches > 0 THEN NEW.matched_at := COALESCE(NEW.matched_at, ${NOW_PG}); ELSE NEW.matched_at := NULL; END IF; RETURN NEW; END $$;
CREATE TRIGGER participant_when_matched BEFORE INSERT OR UPDATE OF photo_matches, bib_number, event_id ON participants FOR EACH ROW EXECUTE FUNCTION participant_when_matched();
CREATE FUNCTION participant_insight_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN ${ADD_ROWS('new_rows')}; ELSIF TG_OP = 'DELETE' THEN ${TAKE_ROWS('old_rows')}; ELSE ${ADD_ROWS(MOVED('n'))}; ${TAKE_ROWS(MOVED('o'))}; END IF; RETURN NULL; END $$;
CREATE TRIGGER participant_insight_i AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_insight_change();
CREATE TRIGGER participant_insight_d AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_insight_change();
CREATE TRIGGER participant_insight_u AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_insight_change();
`;

const migration: Migration = { id: '041-insight-roll-ups', sql: { sqlite, postgres } };
export default migration;
