import '../../lib/messages/admin.ts';
import { useCallback, useEffect, useState } from 'react';
import { CrudScreen } from '../../components/crud-screen.tsx';
import { CrudFormModal, CrudNameField } from '../../components/crud-modals.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { isBuiltInRole, mayGrantPermission } from '../../common/abilities.ts';
import type { RoleFacts } from '../../common/access-explainer.ts';
import { sayManagedRoles, sayRoleSummary } from '../../components/role-words.ts';
import { menuTitle } from '../../components/screen-words.ts';
import { required } from '../../lib/validators.ts';
import * as api from './api.ts';
import { AbilityMatrix } from './ability-matrix.tsx';
import { t } from '../../lib/i18n.ts';

const EMPTY: api.RoleForm = { name: '', permissions: [], roles: [], menus: [], requireTwoStep: false };
const toggle = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

/**
 * Whose users the role's holders may manage, in words, for the form being filled: the checked
 * "Role can access to" names, or what to do when there are none yet.
 */
export function managedSummary(name: string, access: string[]) {
  if (name === 'admin' || name === 'company') return sayManagedRoles({ name, access });
  return access.length ? t('admin.roles.manages', { roles: [...access].sort((a, b) => a.localeCompare(b)).join(', ') }) : t('admin.roles.managesNone');
}

/** Under "Require two-step sign-in" on Edit Role: how many members have no second factor yet (a requirement sends them to enrolment first). */
export const withoutFactorText = (n: number) => t('admin.roles.withoutFactor', { count: n });

/**
 * Roles (admin-area §2 "Roles list"): Sl.No, Name, Attached Roles (empty), Edit and Delete;
 * Add / Edit Role with Role name and the Permissions and "Role can access to" checklists
 * (Edit prechecks both; opening resets them); Delete: "Do you want to delete the role?".
 * One place to set up a role: a third checklist, Screens (every admin menu; saved with
 * the role in one request, menus one may not give greyed out), and under the checklists one line
 * says what the role's users will see (roleSummary). Permissions are grouped under the screen they
 * are used on, as a screen × ability matrix with "All" per row (AbilityMatrix); a second line of the
 * summary names the roles whose users its holders may manage (managedSummary). The form is one
 * scrolling page: no inner scroll boxes, Save stays in view at the bottom. "Require two-step sign-in": the role's users
 * must turn it on before anything else (docs/security.md "Two-step sign-in"); on Edit Role a line under it says how many
 * members have no second step yet (withoutFactorText). The list's "Two-step sign-in" column says Required or Optional.
 */
export default function RolesScreen() {
  const list = useList(api.roles.list, api.ROLE_LIST);
  const abilities = useAbilities();
  const { holder } = abilities;
  const [permissions, setPermissions] = useState<api.Named[] | null>(null);
  const [roles, setRoles] = useState<api.Named[] | null>(null);
  /** Every admin menu (GET role/menus): the Screens checklist, which the summary line follows. */
  const [menus, setMenus] = useState<api.MenuChoice[] | null>(null);
  const loadChoices = useCallback(() => {
    api.allMenus().then(setMenus, console.error);
    api.allPermissions().then(setPermissions, console.error);
    api.allRoles().then(setRoles, console.error);
  }, []);
  useEffect(loadChoices, [loadChoices]);
  /** How many members of the role being edited have no second factor (GET role/{id}); null while adding or loading. */
  const [withoutFactor, setWithoutFactor] = useState<number | null>(null);

  const crud = useCrud<api.RoleForm>({
    empty: EMPTY,
    load: async (id) => {
      setWithoutFactor(null);
      const [r, m] = await Promise.all([api.getRole(id), api.getRoleMenus(id)]);
      setWithoutFactor(r.members_without_two_step ?? null);
      return {
        name: r.name,
        permissions: r.permissions.map((p) => p.id),
        roles: r.accessroles.map((a) => a.id),
        menus: m.map((x) => x.id),
        requireTwoStep: r.require_two_step,
      };
    },
    create: api.createRole,
    update: api.updateRole,
    remove: api.deleteRole,
    checks: (f) => ({ name: required(f.name, t('admin.roles.roleName')) }),
    changed: () => {
      void list.reload();
      loadChoices();
    },
    added: (id) => {
      list.showNew(id);
      loadChoices();
    },
    addedMessage: t('admin.common.added'),
  });
  const { state } = crud;
  const f = state.form;
  const menusNow: RoleFacts['menus'] = (menus ?? []).filter((m) => f.menus.includes(m.id));
  // What its users will see, from the checked permissions and screens (the Access view's own rules).
  const summary =
    permissions &&
    menus &&
    sayRoleSummary({ name: f.name.trim(), menus: menusNow, permissions: permissions.filter((p) => f.permissions.includes(p.id)).map((p) => p.name) });

  // What the server would refuse (403) is greyed out: a permission one does not hold, admin as an
  // access role, and any change to one's own role. What is already checked may still be unchecked.
  const ownRole = !holder.isAdmin && state.mode === 'edit' && holder.roleIds.includes(state.id ?? 0);
  const locked = (key: 'permissions' | 'roles' | 'menus', it: api.Named & { grantable?: boolean }) =>
    ownRole ||
    (!f[key].includes(it.id) && (key === 'permissions' ? !mayGrantPermission(holder, it.name) : key === 'menus' ? !it.grantable : it.name === 'admin'));
  // A screen is an admin menu: its title, and "(In-Active)" when switching it on is still the Menus screen's job.
  const screens =
    menus?.map((m) => ({ id: m.id, name: m.status === 1 ? menuTitle(m) : t('admin.roles.inactive', { title: menuTitle(m) }), grantable: m.grantable })) ?? null;
  const checklist = (legend: string, items: (api.Named & { grantable?: boolean })[] | null, key: 'roles' | 'menus') => (
    <fieldset className="checklist checklist-flow" disabled={state.loading}>
      <legend>{legend}</legend>
      {items === null && <p className="muted">{t('app.loading')}</p>}
      {items?.length === 0 && <p className="muted">{t('admin.common.noneYet')}</p>}
      <div className="checklist-columns">
        {items?.map((it) => (
          <label key={it.id} className="check">
            <input
              type="checkbox"
              checked={f[key].includes(it.id)}
              disabled={locked(key, it)}
              onChange={(e) => crud.set({ [key]: toggle(f[key], it.id, e.target.checked) })}
            />
            {it.name}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <CrudScreen
      title={t('admin.roles.title')}
      addLabel={t('admin.roles.add')}
      resource="roles"
      calls={api.roles}
      list={list}
      crud={crud}
      abilities={abilities}
      noun="role"
      searchLabel={t('admin.common.searchName')}
      label={(r) => r.name}
      emptyText={t('admin.roles.empty')}
      builtIn={(r) => (isBuiltInRole(r.name) ? { reason: t('admin.roles.builtIn'), edit: true } : undefined)}
      columns={[
        { header: t('admin.common.name'), cell: (r) => r.name, sort: 'name' },
        { header: t('admin.common.attachedRoles'), cell: () => null },
        {
          header: t('admin.roles.twoStepColumn'),
          cell: (r) =>
            r.require_two_step ? (
              <span className="badge badge-info">{t('admin.roles.required')}</span>
            ) : (
              <span className="muted">{t('admin.roles.optional')}</span>
            ),
        },
      ]}
      deleteTitle={t('admin.roles.deleteTitle')}
      deleteText={t('admin.roles.deleteText')}
    >
      <CrudFormModal
        crud={crud}
        size="lg"
        lease="roles"
        history={abilities.can('activity.view') ? 'roles' : undefined}
        titles={{ add: t('admin.roles.addTitle'), edit: t('admin.roles.editTitle') }}
      >
        <div className="role-form">
          <CrudNameField crud={crud} label={t('admin.roles.roleName')} />
          <label className="check">
            <input
              type="checkbox"
              name="require_two_step"
              checked={f.requireTwoStep}
              disabled={state.loading || ownRole}
              aria-describedby={state.mode === 'edit' && !state.loading && withoutFactor !== null ? 'role-two-step-members' : undefined}
              onChange={(e) => crud.set({ requireTwoStep: e.target.checked })}
            />
            {t('admin.roles.requireTwoStep')}
          </label>
          {state.mode === 'edit' && !state.loading && withoutFactor !== null && (
            <p className="field-hint" id="role-two-step-members">
              {withoutFactorText(withoutFactor)}
            </p>
          )}
          {!state.loading && summary && (
            <div className="role-summary-box" role="status">
              <p className="role-summary">{summary}</p>
              <p className="role-manages">
                {managedSummary(
                  f.name.trim(),
                  (roles ?? []).filter((r) => f.roles.includes(r.id)).map((r) => r.name),
                )}
              </p>
            </div>
          )}
          <AbilityMatrix
            permissions={permissions}
            checked={f.permissions}
            disabled={state.loading}
            locked={(p) => locked('permissions', p)}
            onChange={(ids) => crud.set({ permissions: ids })}
          />
          {checklist(t('admin.roles.screens'), screens, 'menus')}
          {checklist(t('admin.roles.canAccess'), roles, 'roles')}
        </div>
      </CrudFormModal>
    </CrudScreen>
  );
}
