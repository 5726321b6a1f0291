import { useCallback, useMemo } from 'react';
import { http } from '../lib/http.ts';
import { useLoad } from './use-load.ts';

/** What user/get adds to the spec's fields for the console: ability keys and assignable role ids. */
interface Grants {
  id?: number;
  abilities: string[];
  assignable_roles: number[];
  roles?: { id: number; name: string }[];
}

/**
 * The signed-in user's abilities (src/common/abilities.ts keys, e.g. `users.create`), the
 * role ids it may give, and `holder` (own user id, admin or not, abilities, own role ids) for the shared
 * grant rules, read from user/get when the screen opens. Until they arrive `can`
 * answers false, so a control the user may not use never flashes into view. Hiding is only
 * courtesy: the server refuses the call anyway (docs/security.md).
 */
export function useAbilities() {
  const load = useLoad(async () => (await http.get<Grants>('user/get')).data, []);
  const grants = load.data ?? null;
  const can = useCallback((key: string) => !!grants?.abilities?.includes(key), [grants]);
  /** A list table's row and bulk controls for `resource` (`pages` → pages.edit, pages.delete), only those the user may use. */
  const rowControls = useCallback(
    (resource: string, crud: { openEdit(id: number): unknown; openDelete(id: number): void }) => ({
      selectable: can(`${resource}.delete`),
      onEdit: can(`${resource}.edit`) ? (id: number) => void crud.openEdit(id) : undefined,
      onDelete: can(`${resource}.delete`) ? crud.openDelete : undefined,
    }),
    [can],
  );
  const holder = useMemo(
    () => ({
      id: grants?.id ?? 0,
      isAdmin: !!grants?.roles?.some((r) => r.name === 'admin'),
      abilities: new Set(grants?.abilities ?? []),
      roleIds: grants?.roles?.map((r) => r.id) ?? [],
    }),
    [grants],
  );
  /** `loaded`: the grants arrived; `settled`: the first read ended, answered or failed (the screen may show itself). */
  return { can, rowControls, holder, assignable: grants?.assignable_roles ?? null, loaded: grants !== null, settled: !load.loading };
}
