import '../../lib/messages/admin.ts';
import { CrudScreen } from '../../components/crud-screen.tsx';
import { CrudFormModal, CrudNameField } from '../../components/crud-modals.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { required } from '../../lib/validators.ts';
import { isCatalogueName } from '../../common/abilities.ts';
import * as api from './api.ts';
import { permissionWord } from '../../components/screen-words.ts';
import { t } from '../../lib/i18n.ts';

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
    checks: (f) => ({ name: required(f.name, t('admin.permissions.name')) }),
    list,
    addedMessage: t('admin.common.added'),
  });

  return (
    <CrudScreen
      title={t('admin.permissions.title')}
      addLabel={t('admin.permissions.add')}
      resource="permissions"
      calls={api.permissions}
      list={list}
      crud={crud}
      abilities={abilities}
      noun="permission"
      searchLabel={t('admin.common.searchName')}
      label={(p) => permissionWord(p.name)}
      emptyText={t('admin.permissions.empty')}
      builtIn={(p) => (isCatalogueName(p.name) ? { reason: t('admin.permissions.builtIn'), edit: false } : undefined)}
      columns={[
        { header: t('admin.common.name'), cell: (p) => permissionWord(p.name), sort: 'name' },
        { header: t('admin.common.attachedRoles'), cell: () => null },
      ]}
      deleteTitle={t('admin.permissions.deleteTitle')}
      deleteText={t('admin.permissions.deleteText')}
    >
      <CrudFormModal
        crud={crud}
        history={abilities.can('activity.view') ? 'permissions' : undefined}
        titles={{ add: t('admin.permissions.addTitle'), edit: t('admin.permissions.editTitle') }}
      >
        <CrudNameField crud={crud} label={t('admin.permissions.name')} />
      </CrudFormModal>
    </CrudScreen>
  );
}
