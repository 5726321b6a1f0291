import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { crudDirty } from '../../components/crud-reducer.ts';
import { CrudDeleteModal } from '../../components/crud-modals.tsx';
import { Button } from '../../components/button.tsx';
import { DeleteIconButton } from '../../components/delete-icon-button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { email, required, strongPassword } from '../../lib/validators.ts';
import { FormField } from '../../components/form-field.tsx';
import { DEFAULT_QUOTA_MB, quotaProblem } from '../../common/storage.ts';
import { genericValidation } from '../../lib/error-catalogue.ts';
import { writeStored } from '../../lib/storage.ts';
import * as api from './api.ts';
import { useAction } from '../../components/use-action.ts';
import { RecordHistory } from '../../components/record-history.tsx';
import { t } from '../../lib/i18n.ts';

/** A new organiser starts at status 2 (admin-area §4). */
const EMPTY: api.OrganiserForm = { name: '', email: '', phone: '', password: '', description: '', status: '2', storage_quota_mb: String(DEFAULT_QUOTA_MB) };
const toForm = (o: api.Organiser): api.OrganiserForm => ({
  name: o.name,
  email: o.email,
  phone: o.phone,
  password: '',
  description: o.description ?? '',
  status: String(o.status),
  storage_quota_mb: String(o.storage_quota_mb ?? DEFAULT_QUOTA_MB),
});

/**
 * Organizers (admin-area §2 "Organisers list"): Sl.No, Name (a link that stores the company id
 * and name and opens /admin/organizer/{id}), Status (Active when 1, else In-Active), a delete
 * icon per row with "Are you sure that you want to delete this organizer ?", and the Add
 * Organiser modal. Edit (admins) changes name, phone, description, password, the status
 * (Active / In-Active) and the storage quota (MB, 2048 by default); the e-mail is read-only. Deleting asks for the organiser's name to be
 * typed. An invalid Add or Edit marks each failing field under it and announces the generic
 * validation toast (admin-area §5); a
 * Forbidden answer shows the server's message (§6, §8).
 */
export default function OrganisersScreen() {
  const list = useList(api.organisers.list, api.ORGANISER_LIST);
  const { can } = useAbilities();
  const resending = useAction();
  const crud = useCrud<api.OrganiserForm>({
    empty: EMPTY,
    load: async (id) => toForm(await api.getOrganiser(id)),
    create: api.createOrganiser,
    update: api.updateOrganiser,
    remove: api.deleteOrganiser,
    // Add without a password invites the organiser; Edit keeps the current one when it is left empty and needs the phone.
    checks: (f, mode) =>
      mode === 'add'
        ? {
            name: required(f.name, t('admin.common.name')),
            email: email(f.email),
            password: f.password ? strongPassword(f.password) : null,
            storage_quota_mb: quotaProblem(f.storage_quota_mb),
          }
        : {
            name: required(f.name, t('admin.common.name')),
            email: email(f.email),
            phone: required(f.phone, t('admin.organisers.phone')),
            password: f.password ? strongPassword(f.password) : null,
            storage_quota_mb: quotaProblem(f.storage_quota_mb),
          },
    announce: genericValidation(),
    list,
    deletedMessage: t('admin.organisers.deleted'),
  });
  const { state } = crud;
  const f = state.form;
  const open = (o: api.Organiser) => {
    writeStored('companyid', String(o.id));
    writeStored('company_name', o.name);
  };

  return (
    <>
      <PageHeader
        title={t('admin.organisers.title')}
        crumbs={[{ label: t('nav.home'), href: '~/admin' }, { label: t('admin.organisers.title') }]}
        actions={can('organisers.create') && <Button onClick={crud.openAdd}>{t('admin.organisers.add')}</Button>}
      />
      <div className="card">
        <ListToolbar
          list={list}
          noun="organizer"
          searchLabel={t('admin.organisers.search')}
          onExport={can('organisers.view') ? (format) => api.organisers.exportList(list.lq.params, format) : undefined}
          filters={[
            {
              name: 'status',
              label: t('admin.common.status'),
              options: [
                ['1', t('admin.common.active')],
                ['0', t('admin.common.inActive')],
              ],
            },
          ]}
        >
          {can('organisers.delete') && <BulkBar list={list} noun="organizer" actions={[bulkDelete(api.organisers.bulkDelete)]} />}
        </ListToolbar>
        <ListTable
          list={list}
          serial
          selectable={can('organisers.delete')}
          label={(o) => o.name}
          emptyText={t('admin.organisers.empty')}
          columns={[
            {
              header: t('admin.common.name'),
              sort: 'name',
              cell: (o) => (
                <Link href={`~/admin/organizer/${o.id}`} onClick={() => open(o)}>
                  {o.name}
                </Link>
              ),
            },
            {
              header: t('admin.common.status'),
              sort: 'status',
              cell: (o) => (
                <>
                  {o.status === 1 ? (
                    <span className="badge badge-success">{t('admin.common.active')}</span>
                  ) : (
                    <span className="badge badge-muted">{t('admin.common.inActive')}</span>
                  )}
                  {Number(o.invited) === 1 && (
                    <>
                      {' '}
                      <span className="badge badge-warning">{t('admin.common.invited')}</span>
                    </>
                  )}
                </>
              ),
            },
          ]}
          actions={(o) => (
            <>
              {can('organisers.edit') && Number(o.invited) === 1 && (
                <Button
                  variant="link"
                  busy={resending.busy}
                  onClick={() => void resending.run(() => api.resendInvitation(o.id))}
                  aria-label={t('admin.organisers.resendTo', { name: o.name })}
                >
                  {t('admin.common.resendInvitation')}
                </Button>
              )}
              {can('organisers.edit') && (
                <Button variant="link" onClick={() => void crud.openEdit(o.id)} aria-label={t('action.editNamed', { name: o.name })} title={t('action.edit')}>
                  {t('action.edit')}
                </Button>
              )}
              {can('organisers.delete') && <DeleteIconButton name={o.name} onClick={() => crud.openDelete(o.id)} className="btn btn-link icon-delete" />}
            </>
          )}
        />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal
          title={state.mode === 'add' ? t('admin.organisers.add') : t('admin.organisers.edit')}
          size="lg"
          onClose={crud.close}
          onSubmit={() => void crud.save()}
          dirty={crudDirty(state)}
          footer={
            <>
              <ModalCloseButton />
              <Button type="submit" busy={state.busy} disabled={state.loading}>
                {t('admin.common.saveChanges')}
              </Button>
            </>
          }
        >
          <div className="form-row">
            <FormField bind={crud.fields.field('name')} label={t('admin.common.name')} required>
              <input name="name" value={f.name} onChange={(e) => crud.set({ name: e.target.value })} />
            </FormField>
            <FormField bind={crud.fields.field('email')} label={t('admin.common.email')} required>
              <input
                name="email"
                type="email"
                autoComplete="off"
                readOnly={state.mode === 'edit'}
                value={f.email}
                onChange={(e) => crud.set({ email: e.target.value })}
              />
            </FormField>
            <FormField bind={crud.fields.field('phone')} label={t('admin.organisers.phone')} required={state.mode === 'edit'}>
              <input name="phone" type="tel" value={f.phone} onChange={(e) => crud.set({ phone: e.target.value })} />
            </FormField>
            <FormField
              bind={crud.fields.field('password')}
              label={t('admin.common.password')}
              hintId="organizer-password-rule"
              hint={
                <small id="organizer-password-rule" className="field-hint">
                  {t('validation.password')}
                </small>
              }
            >
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                value={f.password}
                placeholder={state.mode === 'edit' ? t('admin.organisers.keepPassword') : t('admin.organisers.invitePassword')}
                onChange={(e) => crud.set({ password: e.target.value })}
              />
            </FormField>
            <label className="field">
              <span>{t('admin.common.status')}</span>
              <select name="status" value={f.status} onChange={(e) => crud.set({ status: e.target.value })}>
                <option value="2">{t('admin.common.select')}</option>
                <option value="1">{t('admin.common.active')}</option>
                <option value="0">{t('admin.common.inActive')}</option>
              </select>
            </label>
            <FormField
              bind={crud.fields.field('storage_quota_mb')}
              label={t('admin.organisers.quota')}
              hintId="organizer-quota-rule"
              hint={
                <small id="organizer-quota-rule" className="field-hint">
                  {t('admin.organisers.quotaHint', { mb: String(DEFAULT_QUOTA_MB) })}
                </small>
              }
            >
              <input name="storage_quota_mb" inputMode="numeric" value={f.storage_quota_mb} onChange={(e) => crud.set({ storage_quota_mb: e.target.value })} />
            </FormField>
          </div>
          <label className="field">
            <span>{t('admin.organisers.description')}</span>
            <textarea name="description" rows={4} value={f.description} onChange={(e) => crud.set({ description: e.target.value })} />
          </label>
          {state.mode === 'edit' && state.id !== null && can('activity.view') && <RecordHistory resource="organisers" id={state.id} />}
        </Modal>
      )}
      <CrudDeleteModal
        crud={crud}
        title={t('admin.organisers.deleteTitle')}
        text={t('admin.organisers.deleteText')}
        kind="organizer"
        nameOf={(id) => list.rows.find((o) => o.id === id)?.name}
        typeName
        impactKey="organizer_id"
      />
    </>
  );
}
