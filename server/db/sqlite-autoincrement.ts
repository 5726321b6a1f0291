import type { Sql } from './sql.ts';

// `id INTEGER PRIMARY KEY` as `{{pk}}` wrote it; `company_id INTEGER PRIMARY KEY` and the
// singleton `id INTEGER PRIMARY KEY CHECK (id = 1)` tables do not match and keep their rowid.
const PLAIN_PK = /\bid INTEGER PRIMARY KEY(?=\s*[,)])/;

/**
 * SQLite only: rebuilds every table whose `id` is a plain rowid alias so it becomes
 * `INTEGER PRIMARY KEY AUTOINCREMENT`. Without it SQLite hands out max(id)+1, so deleting the
 * newest row lets the next insert reuse its id — and ids are referenced across systems (a
 * campaign's recognition event, tokens, links), so a reused id would point at the wrong thing.
 *
 * Must run inside one transaction with `PRAGMA foreign_keys = OFF` (migrate.ts does that for a
 * migration marked `foreignKeysOff`): with foreign keys on, DROP TABLE would cascade-delete the
 * children. Rows, column order, indexes and triggers are kept; the sequence starts at the
 * current largest id. Tables already on AUTOINCREMENT are left alone, so it is idempotent.
 * Answers the names of the tables it rebuilt.
 */
export async function rebuildWithAutoincrement(tx: Sql): Promise<string[]> {
  const tables = await tx.all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const rebuilt: string[] = [];
  for (const t of tables) {
    if (!PLAIN_PK.test(t.sql) || /AUTOINCREMENT/i.test(t.sql)) continue;
    const extras = await tx.all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL", [
      t.name,
    ]);
    const temp = `${t.name}__rebuild`;
    const create = t.sql.replace(PLAIN_PK, 'id INTEGER PRIMARY KEY AUTOINCREMENT').replace(/^CREATE TABLE\s+(?:"[^"]+"|\S+)/i, `CREATE TABLE "${temp}"`);
    await tx.run(create);
    await tx.run(`INSERT INTO "${temp}" SELECT * FROM "${t.name}"`);
    await tx.run(`DROP TABLE "${t.name}"`);
    await tx.run(`ALTER TABLE "${temp}" RENAME TO "${t.name}"`);
    for (const e of extras) await tx.run(e.sql);
    rebuilt.push(t.name);
  }
  const broken = await tx.all('PRAGMA foreign_key_check');
  if (broken.length) throw new Error(`rebuild left ${broken.length} rows with a broken foreign key`);
  return rebuilt;
}
