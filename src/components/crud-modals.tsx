import '../lib/messages/shell.ts';
import type { ReactNode } from 'react';
import { Modal, ModalCloseButton } from './modal.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { Button } from './button.tsx';
import type { useCrud } from './use-crud.ts';
import { crudDirty } from './crud-reducer.ts';
import { useDeleteImpact } from './use-delete-impact.ts';
import { RecordHistory } from './record-history.tsx';
import { FormField } from './form-field.tsx';
import type { useFormErrors } from './use-form-errors.ts';
import type { ConflictField } from './edit-conflict.tsx';
import { lazyPart } from './lazy-part.tsx';
import { t } from '../lib/i18n.ts';
import { useEditLease } from './use-edit-lease.ts';
import { LeaseBanner, LeaseFields } from './lease-banner.tsx';
import type { StaleRecord } from '../lib/http.ts';

/** Shown only after a save met someone else's change (412): its own chunk, fetched then. */
const EditConflict = lazyPart(() => import('./edit-conflict.tsx').then((m) => m.EditConflict));

/** What the crud modals need of `useCrud`'s answer (any form type). */
export type Crud = Pick<ReturnType<typeof useCrud<never>>, 'close' | 'save' | 'confirmDelete'> & {
  state: { mode: 'add' | 'edit' | 'delete' | null; busy: boolean; loading: boolean; form: unknown; initial: unknown; id: number | null };
  /** An edit's save that met someone else's newer change (412): shown beside the form with `conflictFields`. */
  conflict?: StaleRecord | null;
  set?: (patch: never) => void;
};

/** What CrudFormModal is told (see there). */
interface CrudFormModalProps {
  crud: Crud;
  titles: { add: string; edit: string };
  /** The form's fields (name, label) an edit conflict compares (EditConflict, docs/live.md). */
  conflictFields?: readonly ConflictField[];
  /** The leased resource ('users', 'pages'…, src/common/leases.ts): Edit takes the record's lease and says who else is editing it (LeaseBanner). */
  lease?: string;
  addLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** With an activity resource ('users'), Edit shows the record's History. */
  history?: string;
  children: ReactNode;
}

/**
 * The Add / Edit modal of an admin list (admin-area §2): the spec's titles, Close and the save
 * button ("Save changes", or `addLabel` on Add, e.g. the menu's "Add"); Enter submits. Shown
 * only while the crud state is in add or edit mode; the save button waits while an edit loads.
 * Closing it with changes (×, Close, Escape, backdrop, leaving the page) asks first. An edit
 * whose save met someone else's newer change shows it above the fields (EditConflict, with
 * `conflictFields`). With `lease`, an edit holds the record's lease while open (useEditLease): when
 * someone else holds it the form says who and since when, with View read-only and Take over, and
 * its fields stay read-only until the reader takes over; a form whose lease was taken over turns
 * read-only and keeps what was typed (LeaseBanner).
 */
export function CrudFormModal(props: CrudFormModalProps) {
  const { mode } = props.crud.state;
  if (mode !== 'add' && mode !== 'edit') return null;
  return <OpenCrudForm {...props} />;
}

function OpenCrudForm({ crud, titles, addLabel, size, history, conflictFields, lease, children }: CrudFormModalProps) {
  const { state } = crud;
  const editLease = useEditLease(state.mode === 'edit' ? lease : undefined, state.id);
  return (
    <Modal
      title={state.mode === 'add' ? titles.add : titles.edit}
      size={size}
      onClose={crud.close}
      onSubmit={() => {
        if (!editLease.readOnly) void crud.save();
      }}
      dirty={crudDirty(state)}
      footer={
        <>
          <ModalCloseButton />
          <Button type="submit" busy={state.busy} disabled={state.loading || editLease.readOnly}>
            {(state.mode === 'add' && addLabel) || t('action.saveChanges')}
          </Button>
        </>
      }
    >
      {state.mode === 'edit' && <LeaseBanner lease={editLease} />}
      {state.mode === 'edit' && crud.conflict && conflictFields && crud.set && (
        <EditConflict
          key={crud.conflict.version}
          conflict={crud.conflict}
          fields={conflictFields}
          form={(state.form ?? {}) as Record<string, unknown>}
          set={crud.set as (patch: Record<string, string>) => void}
        />
      )}
      <LeaseFields readOnly={editLease.readOnly}>{children}</LeaseFields>
      {history && state.mode === 'edit' && state.id !== null && <RecordHistory resource={history} id={state.id} />}
    </Modal>
  );
}

/**
 * The Delete confirmation of a list: `text` is the spec's question, buttons Close and
 * `confirmLabel` (YES); `kind` and `nameOf` (the name of the row being deleted, by id) add
 * "Delete the {kind} {name}?", and with `typeName` that name must be typed first. `impactKey`
 * (event_id, organizer_id) asks deleteImpact for the row's id and adds "This also deletes …".
 */
export function CrudDeleteModal({
  crud,
  title,
  text,
  kind,
  nameOf,
  impactKey,
  typeName,
  confirmLabel,
}: {
  crud: Crud;
  title: string;
  text: string;
  kind?: string;
  nameOf?: (id: number) => string | undefined;
  impactKey?: string;
  typeName?: boolean;
  confirmLabel?: string;
}) {
  const { mode, id } = crud.state;
  const impact = useDeleteImpact(impactKey && mode === 'delete' && id ? { [impactKey]: id } : null);
  if (mode !== 'delete') return null;
  const name = id !== null ? nameOf?.(id) : undefined;
  return (
    <ConfirmModal
      title={title}
      text={text}
      detail={impact}
      confirmLabel={confirmLabel}
      busy={crud.state.busy}
      item={kind && name ? { kind, name, typeName } : undefined}
      onConfirm={() => void crud.confirmDelete()}
      onClose={crud.close}
    />
  );
}

/**
 * The "name" text field of a record named by one name (Permissions, Roles: admin-area §3): the
 * spec's `label`, required, its 422 message under it; disabled with "Loading…" while an edit loads.
 */
export function CrudNameField({
  crud,
  label,
}: {
  crud: { fields: ReturnType<typeof useFormErrors>; set: (patch: { name: string }) => void; state: { loading: boolean; form: { name: string } } };
  label: string;
}) {
  const { loading, form } = crud.state;
  return (
    <FormField bind={crud.fields.field('name')} label={label} required>
      <input
        name="name"
        value={form.name}
        disabled={loading}
        placeholder={loading ? t('app.loading') : ''}
        onChange={(e) => crud.set({ name: e.target.value })}
      />
    </FormField>
  );
}
