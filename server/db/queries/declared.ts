import type { Sql } from '../sql.ts';
import { ALL, type ListQuery, type ListSpec } from '../list-query.ts';
import { listPage } from '../list-page.ts';
import { updateReturningBefore } from '../update-row.ts';
import type { DeclaredRecords } from '../../../src/common/resource-shapes.ts';

/**
 * The SQL of a resource served by the common case (src/common/resources.ts `records`): its list
 * (search over the fields marked `search`, sort by id and by each field marked `sort`, lower-cased;
 * CSV of id and every field) and its row reads and writes. Table and column names come only from
 * the declaration, checked here to be plain identifiers; every value is a parameter.
 */

/** One stored record: its id and its text fields. */
export type DeclaredRow = { id: number } & Record<string, string>;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
/** The declaration's name, refused (thrown at start) unless a plain lower-case identifier. */
function ident(name: string) {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier in a resource declaration: ${JSON.stringify(name)}`);
  return name;
}

/** The queries of one declared resource. */
export function declaredQueries(r: DeclaredRecords) {
  const table = ident(r.table),
    names = r.fields.map((f) => ident(f.name)),
    columns = ['id', ...names].join(', ');
  const list: ListSpec = {
    from: table,
    idCol: 'id',
    columns,
    search: r.fields.filter((f) => f.search).map((f) => f.name),
    sort: { id: 'id', ...Object.fromEntries(r.fields.filter((f) => f.sort).map((f) => [f.name, `lower(${f.name})`])) },
    defaultOrder: 'id',
    csv: [['id', 'id'], ...names.map((n): [string, string] => [n, n])],
  };
  const values = (v: Record<string, string>) => names.map((n) => v[n]);
  const update = (sql: Sql, id: number, v: Record<string, string>) =>
    sql.get<DeclaredRow>(`UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ? RETURNING ${columns}`, [...values(v), id]);
  return {
    list,
    /** One page of the list matching `lq` (a Paginator of `perPage` rows, pages from 1). */
    page: (sql: Sql, page: number, lq: ListQuery, perPage = 10) => listPage<DeclaredRow>(sql, list, lq, ALL, page, perPage),
    /** Record `id`, or undefined when there is none. */
    get: (sql: Sql, id: number) => sql.get<DeclaredRow>(`SELECT ${columns} FROM ${table} WHERE id = ?`, [id]),
    /** Inserts a record; resolves to it as stored. */
    create: (sql: Sql, v: Record<string, string>) =>
      sql.get<DeclaredRow>(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING ${columns}`, values(v)),
    /** Updates record `id` (the UPDATE alone, no activity); resolves to it as stored, or undefined when there is none. */
    update,
    /**
     * Updates record `id` inside the caller's transaction; resolves to the row before and after
     * the change, or undefined when there is none (the before read by the write itself:
     * db/update-row.ts). With `version` (a versioned resource: lib/activity/versions.ts
     * versionCheck) the same statement moves the record's version, and `version` in the answer
     * is the one it left; a stale `version.expected` also answers undefined, nothing changed.
     */
    change: async (
      sql: Sql,
      id: number,
      v: Record<string, string>,
      version?: { expected?: number },
    ): Promise<{ before: DeclaredRow; after: DeclaredRow; version?: number } | undefined> => {
      const before = await updateReturningBefore<DeclaredRow>(sql, table, id, Object.fromEntries(names.map((n) => [n, v[n]])), { version });
      if (!before) return undefined;
      const moved = version ? Number(before.version) + 1 : undefined;
      const after = { ...before, ...Object.fromEntries(names.map((n) => [n, v[n]])), ...(moved ? { version: moved } : {}) } as DeclaredRow;
      return { before, after, version: moved };
    },
    /** Deletes record `id`; resolves to the row as it was, or undefined when there was none. */
    remove: (sql: Sql, id: number) => sql.get<DeclaredRow>(`DELETE FROM ${table} WHERE id = ? RETURNING ${columns}, version`, [id]),
  };
}
