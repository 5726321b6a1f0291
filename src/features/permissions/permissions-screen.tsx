import { CrudScreen } from '../../components/crud-screen.tsx';
import { CrudFormModal, CrudNameField } from '../../components/crud-modals.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { required } from '../../lib/validators.ts';
import { isCatalogueName } from '../../common/abilities.ts';
import * as api from './api.ts';

/**
 * Permissions (admin-area §2): Sl.No, Name, Attached Roles (empty), Edit and Delete per row,
 * ADD Permission; Add / Edit Permission modals with one input, Delete Permission confirmation.
 */
export default function PermissionsScreen() {
  const list = useList(api.permissions.list, api.PERMISSION_LIST);
  const abilities = useAbilities();
  const crud = useCrud({
    empty: { name: '' },
    load: async (id) => ({ name: (await api.getPermission(id)).name }),
    create: (f) => api.createPermission(f.name),
    update: (id, f) => api.updatePermission(id, f.name),
    remove: api.deletePermission,
    checks: (f) => ({ name: required(f.name, 'Permission name') }),
    list,
    addedMessage: 'Added successfully',
  });

  return (
    <CrudScreen
      title="Permissions"
      addLabel="ADD Permission"
      resource="permissions"
      calls={api.permissions}
      list={list}
      crud={crud}
      abilities={abilities}
      noun="permission"
      searchLabel="Search name"
      label={(p) => p.name}
      emptyText="No permissions yet."
      builtIn={(p) => (isCatalogueName(p.name) ? { reason: 'A built-in permission: it cannot be renamed or deleted.', edit: false } : undefined)}
      columns={[
        { header: 'Name', cell: (p) => p.name, sort: 'name' },
        { header: 'Attached Roles', cell: () => null },
      ]}
      deleteTitle="Delete Permission"
      deleteText="Do you want to delete the permission?"
    >
      <CrudFormModal
        crud={crud}
        history={abilities.can('activity.view') ? 'permissions' : undefined}
        titles={{ add: 'Add Permission', edit: 'Edit Permission' }}
      >
        <CrudNameField crud={crud} label="Permission name" />
      </CrudFormModal>
    </CrudScreen>
  );
}
