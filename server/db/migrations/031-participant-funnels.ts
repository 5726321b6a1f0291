import type { Migration } from './migration.ts';
import { announceChanges } from './022-change-notices.ts';

/**
 * `participant_funnels`: one row per event with participants, holding its delivery funnel
 * (docs/participants.md "Stages"): `registered`, `matched`, `notified`, `viewed`, `bought`, each
 * the number of the event's participants at that stage or a later one. Triggers on
 * `participants` keep it equal to counting the rows, whatever changes a participant: adding one
 * (by hand, an import, the demo), deleting one (an undone import, the event's deletion), and every
 * change of its stage columns, including those other triggers make: `photo_matches` (photo
 * uploads and removals, migration 029), the gallery-link end when the event's last photo goes
 * (migration 030), `notified_at`, `viewed_at`, `bought_at`. So GET event/{id}/funnel is one
 * primary-key lookup however many participants and photos the event has.
 *
 * A participant's stage is one number, because each stage is a subset of the one before:
 * 0 registered only, 1 matched (`photo_matches > 0`), 2 notified, 3 viewed, 4 bought; it counts
 * in `registered` and in every stage up to its own. A change adds the new row's stages to its
 * event and takes the old row's from its event. SQLite counts per row (an update only when the
 * stage or the event changed), PostgreSQL per statement with transition tables (as migration
 * 029), writing an event's row only when its counts move. The row is made by the event's first
 * participant and goes with the event (ON DELETE CASCADE); an event without one has no
 * participants. Existing events are counted here. PostgreSQL: the new table announces its
 * changes as every table does.
 *
 * Each statement on one line (migrate.ts splits at a `;` ending a line).
 */

/** The stage (0–4, above) of participant row `r`. */
const STAGE = (r: string) =>
  `(CASE WHEN ${r}.photo_matches <= 0 THEN 0 WHEN ${r}.notified_at IS NULL THEN 1 WHEN ${r}.viewed_at IS NULL THEN 2 WHEN ${r}.bought_at IS NULL THEN 3 ELSE 4 END)`;
/** The counted columns and the least stage each counts. */
const COUNTS = [
  ['registered', 0],
  ['matched', 1],
  ['notified', 2],
  ['viewed', 3],
  ['bought', 4],
] as const;
const COLUMNS = COUNTS.map(([c]) => c).join(', ');

const TABLE = `CREATE TABLE participant_funnels (event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE, ${COUNTS.map(([c]) => `${c} INTEGER NOT NULL DEFAULT 0`).join(', ')});
INSERT INTO participant_funnels (event_id, ${COLUMNS}) SELECT s.event_id, ${COUNTS.map(([c, k]) => `SUM(CASE WHEN s.stage >= ${k} THEN 1 ELSE 0 END) AS ${c}`).join(', ')} FROM (SELECT p.event_id, ${STAGE('p')} AS stage FROM participants p) s GROUP BY s.event_id;`;

/** SQLite: `sign` (+ or -) row `r`'s stages on its event's counts. */
const APPLY = (r: string, sign: '+' | '-') =>
  `UPDATE participant_funnels SET ${COUNTS.map(([c, k]) => `${c} = ${c} ${sign} ${k === 0 ? '1' : `(${STAGE(r)} >= ${k})`}`).join(', ')} WHERE event_id = ${r}.event_id`;
const MAKE_ROW = 'INSERT OR IGNORE INTO participant_funnels (event_id) VALUES (new.event_id)';

const sqlite = `${TABLE}
CREATE TRIGGER participant_funnel_ai AFTER INSERT ON participants BEGIN ${MAKE_ROW}; ${APPLY('new', '+')}; END;
CREATE TRIGGER participant_funnel_ad AFTER DELETE ON participants BEGIN ${APPLY('old', '-')}; END;
CREATE TRIGGER participant_funnel_au AFTER UPDATE OF event_id, photo_matches, notified_at, viewed_at, bought_at ON participants WHEN old.event_id <> new.event_id OR ${STAGE('old')} <> ${STAGE('new')} BEGIN ${APPLY('old', '-')}; ${MAKE_ROW}; ${APPLY('new', '+')}; END;
`;

/** PostgreSQL: the counts' change per event from `rows` (event_id, sign s ±1, stage), applied where it is not zero. */
const APPLY_ROWS = (rows: string) =>
  `UPDATE participant_funnels f SET ${COUNTS.map(([c]) => `${c} = f.${c} + d.${c}`).join(', ')} FROM (SELECT x.event_id, ${COUNTS.map(([c, k]) => `SUM(CASE WHEN x.stage >= ${k} THEN x.s ELSE 0 END) AS ${c}`).join(', ')} FROM (${rows}) x GROUP BY x.event_id) d WHERE f.event_id = d.event_id AND (${COUNTS.map(([c]) => `d.${c} <> 0`).join(' OR ')})`;
const ADDED = `SELECT r.event_id, 1 AS s, ${STAGE('r')} AS stage FROM new_rows r`;
const TAKEN = `SELECT r.event_id, -1 AS s, ${STAGE('r')} AS stage FROM old_rows r`;
const MAKE_ROWS = 'INSERT INTO participant_funnels (event_id) SELECT DISTINCT r.event_id FROM new_rows r ON CONFLICT (event_id) DO NOTHING';

const postgres = `${TABLE}
CREATE FUNCTION participant_funnel_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN ${MAKE_ROWS}; ${APPLY_ROWS(ADDED)}; ELSIF TG_OP = 'DELETE' THEN ${APPLY_ROWS(TAKEN)}; ELSE ${MAKE_ROWS}; ${APPLY_ROWS(`${ADDED} UNION ALL ${TAKEN}`)}; END IF; RETURN NULL; END $$;
CREATE TRIGGER participant_funnel_i AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_funnel_change();
CREATE TRIGGER participant_funnel_d AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_funnel_change();
CREATE TRIGGER participant_funnel_u AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_funnel_change();
`;

const migration: Migration = { id: '031-participant-funnels', sql: { sqlite, postgres }, run: announceChanges };
export default migration;
