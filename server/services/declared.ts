import type { Sql } from '../db/sql.ts';
import { found, NotFound } from '../runtime/domain-errors.ts';
import { declaredQueries, type DeclaredRow } from '../db/queries/declared.ts';
import { ALL, type ListQuery } from '../db/list-query.ts';
import { bulkAct, deleteFrom } from './list-bulk.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { recordTexts, type DeclaredResource } from '../../src/common/resources.ts';
import { VERSIONED } from '../../src/common/versioned-resources.ts';
import { versionCheck } from '../lib/activity/versions.ts';

/**
 * What each call of a resource served by the common case does (src/common/resources.ts
 * `records`; admin-area §3 for Pages): fields marked `trim` are stored trimmed, an unknown id is
 * 404 "<Word> not found.", and each write records its activity row (`who`, the resource's key,
 * the record's label field) in its own transaction. Input arrives checked against the contract
 * (src/common/contract/declared.ts inputSchema).
 */
export function declaredService(d: DeclaredResource) {
  const q = declaredQueries(d.records),
    word = recordTexts(d).notFound,
    resource = d.key,
    versioned = resource in VERSIONED;
  const stored = (v: Record<string, string>) =>
    Object.fromEntries(d.records.fields.map((f) => [f.name, f.trim ? String(v[f.name]).trim() : String(v[f.name])]));
  const label = (row: Record<string, unknown>) => String(row[d.records.label] ?? '');
  return {
    list: q.list,
    /** One page of the list matching `lq`. */
    page: (sql: Sql, page: number, lq: ListQuery) => q.page(sql, page, lq),
    /** Record `id`; 404 when there is none. */
    get: (sql: Sql, id: number) => found(q.get(sql, id), word),
    /** Stores a new record; resolves to it as stored. */
    create: (sql: Sql, who: Who, v: Record<string, string>) =>
      sql.transaction(async (tx) => {
        const row = (await q.create(tx, stored(v)))!;
        await recordActivity(tx, who, { resource, action: 'create', id: row.id, label: label(row), after: row });
        return row;
      }),
    /** Changes record `id`; 404 when there is none. Resolves to it as stored. */
    update: (sql: Sql, who: Who, id: number, v: Record<string, string>): Promise<DeclaredRow> =>
      sql.transaction(async (tx) => {
        const check = versioned ? versionCheck(who.version, resource, id) : undefined;
        // A stale If-Match leaves the row alone: the change again without it, whose version check in recordActivity answers 412.
        const changed = (await q.change(tx, id, stored(v), check)) ?? (check?.expected !== undefined ? await q.change(tx, id, stored(v)) : undefined);
        if (!changed) throw new NotFound(word);
        await recordActivity(tx, who, { resource, action: 'update', id, label: label(changed.after), ...changed });
        return changed.after;
      }),
    /** Deletes record `id`; 404 when there is none. */
    remove: (sql: Sql, who: Who, id: number) =>
      sql.transaction(async (tx) => {
        const before = await q.remove(tx, id);
        if (!before) throw new NotFound(word);
        await recordActivity(tx, who, { resource, action: 'delete', id, label: label(before), before });
      }),
    /** Deletes the selected records (ids or all matching, one transaction); resolves to how many went. */
    bulkDelete: (sql: Sql, who: Who, input: Record<string, string | undefined>) =>
      bulkAct(sql, q.list, input, ALL, deleteFrom(d.records.table), { log: { who, resource } }),
  };
}
