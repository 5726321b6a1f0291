import type { Param, Sql } from './sql.ts';
import type { Scope } from './list-query.ts';
import { OWNED_TABLES } from '../../src/common/owned-tables.ts';
import type { OwnedTable } from '../../src/common/resource-shapes.ts';
import type { OwnedTableName } from '../../src/common/resources.ts';

/**
 * Tenancy as SQL, derived from the owners the resources declare (src/common/resources.ts
 * `owns`, DESIGN.md §3): for every owned table, the expression that yields the organiser a row
 * belongs to, however deep (a template's campaign's event's company). Every by-id read of an
 * organiser's record that a route scopes (server/http/middleware/scope.ts `inScope`) and every list
 * scope built here take their owner condition from it, so a table's condition is written once,
 * in its declaration, and no query of it can be written without the owner.
 */

/** The declaration of owned table `name`; throws (a programming error, never input) when it is not declared. */
export function ownedTable(name: string): OwnedTable {
  const t = OWNED_TABLES[name];
  if (!t) throw new Error(`Table "${name}" declares no owner (src/common/resources.ts owns).`);
  return t;
}

/**
 * The SQL expression that yields the organiser id of the row of `name` that `ref` (a qualified
 * column or expression holding the row's own id, or the row's table name itself) stands for:
 * `events.company_id`; for a child, a correlated sub-select through its parents:
 * `(SELECT (SELECT events.company_id FROM events WHERE events.id = campaigns.event_id) FROM campaigns WHERE campaigns.id = templates.campaign_id)`.
 * Each step is a primary-key lookup. Table and column names come from the declarations only.
 */
export function ownerExpression(name: OwnedTableName | string): string {
  const t = ownedTable(name);
  const own = `${t.table}.${t.owner}`;
  if (!t.parent) return own;
  const parent = ownedTable(t.parent);
  return `(SELECT ${ownerExpression(parent.table)} FROM ${parent.table} WHERE ${parent.table}.id = ${own})`;
}

const cache = new Map<string, string>();
/** The statement reading `columns` of one row of `name` by id, with its organiser as `tenant_owner` (null when it has none). */
const byIdStatement = (name: string, columns: string) => {
  const key = `${name}\u0000${columns}`;
  let s = cache.get(key);
  if (!s)
    cache.set(key, (s = `SELECT ${columns}, ${ownerExpression(name)} AS tenant_owner FROM ${ownedTable(name).table} WHERE ${ownedTable(name).table}.id = ?`));
  return s;
};

/** A row read through its owner: the columns asked for and `tenant_owner`, the organiser's id (null: none, e.g. a staff-made recognition event). */
export type OwnedRow<T> = T & { tenant_owner: number | null };

/**
 * One row of owned table `name` by `id`, with its organiser (one statement): `columns` is the
 * select list as the table's own queries write it (unqualified columns of that table). Resolves
 * to undefined when there is no such row or `id` is not a positive 31-bit integer.
 */
export async function ownedRowById<T = Record<string, unknown>>(sql: Sql, name: OwnedTableName, id: number, columns = 'id'): Promise<OwnedRow<T> | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) return undefined;
  const row = await sql.get<OwnedRow<T>>(byIdStatement(name, columns), [id]);
  if (row) row.tenant_owner = row.tenant_owner === null ? null : Number(row.tenant_owner);
  return row;
}

/**
 * The list scope of owned table `name` under one row of its owner (`ownerId`: the organiser's id,
 * or the parent row's, already scoped by the route): `{ where: '<alias>.<owner> = ?' }`, plus
 * `extra` conditions and their params. `alias` is the list's name for the table (default: the table).
 */
export function ownedScope(name: OwnedTableName, ownerId: number, o: { alias?: string; extra?: string; params?: Param[]; count?: string } = {}): Scope {
  const t = ownedTable(name);
  const where = `${o.alias ?? t.table}.${t.owner} = ?`;
  return { where: o.extra ? `${where} AND ${o.extra}` : where, params: [ownerId, ...(o.params ?? [])], ...(o.count ? { count: o.count } : {}) };
}

/**
 * The condition keeping rows of owned table `name` that belong to organiser `?` (bind the
 * organiser's id): `<owner expression> = ?`. For statements that address rows by id after a
 * scope check, so even a wrong id cannot reach another organiser's row.
 */
export const ownedByOrganiser = (name: OwnedTableName) => `${ownerExpression(name)} = ?`;

/**
 * The condition of a write to one row of owned table `name` by id, through its declared owner:
 * `[ '<table>.id = ? AND <owner expression> = ?', [id, organiserId] ]`. A statement written with
 * it changes nothing when the id names another organiser's row (it answers 0 rows). `null` is
 * for the tables whose rows may have no organiser (a staff-made recognition event, which only
 * staff reach through inScope): the condition is then `<owner expression> IS NULL`, so such a
 * write still cannot reach an organiser's row.
 */
export const ownedRowCondition = (name: OwnedTableName, id: number, organiserId: number | null): [string, Param[]] =>
  organiserId === null
    ? [`${ownedTable(name).table}.id = ? AND ${ownerExpression(name)} IS NULL`, [id]]
    : [`${ownedTable(name).table}.id = ? AND ${ownerExpression(name)} = ?`, [id, organiserId]];
