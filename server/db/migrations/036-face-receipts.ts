import type { Migration } from './migration.ts';

/**
 * Receipts a participant can keep (docs/participants.md "Face search"):
 *
 * - `face_erasures.code`: the erasure receipt's code, random and unguessable (never the row's
 *   sequential id, which only says how many erasures came before); NULL for rows written before;
 * - `face_consents.withdrawal_code`: the code of the receipt of a consent the participant withdrew
 *   on their gallery page (NULL while in force, or when an erasure withdrew it).
 */
const migration: Migration = {
  id: '036-face-receipts',
  sql: `ALTER TABLE face_erasures ADD COLUMN code TEXT;
ALTER TABLE face_consents ADD COLUMN withdrawal_code TEXT;
CREATE UNIQUE INDEX face_erasures_code ON face_erasures (code);
CREATE UNIQUE INDEX face_consents_withdrawal_code ON face_consents (withdrawal_code);
`,
};
export default migration;
