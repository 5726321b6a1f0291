import type { Sql } from './sql.ts';
import { migrations } from './migrations/index.ts';

const PK = { sqlite: 'INTEGER PRIMARY KEY', postgres: 'SERIAL PRIMARY KEY' } as const;

/** Applies every migration not yet recorded in `schema_migrations`, each in one transaction. */
export async function migrate(sql: Sql): Promise<string[]> {
  await sql.run('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
  const done = new Set((await sql.all<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await sql.transaction(async (tx) => {
      const statements = m.sql.replaceAll('{{pk}}', PK[sql.engine]).split(/;\s*$/m).map((s) => s.trim()).filter(Boolean);
      for (const s of statements) await tx.run(s);
      await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', [m.id, Date.now()]);
    });
    applied.push(m.id);
  }
  return applied;
}
