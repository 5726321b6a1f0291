import { http } from '../lib/http.ts';
import { CrudScreen } from './crud-screen.tsx';
import { CrudFormModal } from './crud-modals.tsx';
import { useList } from './use-list.ts';
import { useCrud } from './use-crud.ts';
import { FormField } from './form-field.tsx';
import { useAbilities } from './use-abilities.ts';
import { listEndpoints } from './list-endpoints.ts';
import { required } from '../lib/validators.ts';
import { DECLARED_RECORDS, recordTexts, type DeclaredResource, type RecordField } from '../common/resources.ts';

/** A record of a declared resource as the API answers it: its id and its text fields. */
type Row = { id: number } & Record<string, string>;
/** The form: every field's text. */
type Form = Record<string, string>;

/** One field's input: a one-line input or a textarea, "Enter <label> here", "Loading…" while an edit loads. */
function FieldInput({ f, crud }: { f: RecordField; crud: ReturnType<typeof useCrud<Form>> }) {
  const { state } = crud;
  const common = {
    name: f.name,
    value: state.form[f.name] ?? '',
    placeholder: state.loading ? 'Loading…' : `Enter ${f.label.toLowerCase()} here`,
    disabled: state.loading,
    onChange: (e: { target: { value: string } }) => crud.set({ [f.name]: e.target.value }),
  };
  return (
    <FormField bind={crud.fields.field(f.name)} label={f.label} required>
      {f.input === 'textarea' ? <textarea rows={f.rows ?? 4} {...common} /> : <input {...common} />}
    </FormField>
  );
}

/** What a declared resource's screen is drawn from, made once per declaration. */
function partsOf(d: DeclaredResource) {
  const r = d.records,
    path = r.path;
  return {
    r,
    path,
    texts: recordTexts(d),
    calls: listEndpoints<Row>(path, r.table),
    spec: { sortable: ['id', ...r.fields.filter((f) => f.sort).map((f) => f.name)] } as const,
    empty: Object.fromEntries(r.fields.map((f) => [f.name, ''])) as Form,
    body: (f: Form) => Object.fromEntries(r.fields.map((x) => [x.name, f[x.name] ?? ''])) as Form,
    columns: [
      ...r.fields.filter((f) => f.column).map((f) => ({ header: f.column!, cell: (row: Row) => row[f.name], sort: f.sort ? f.name : undefined })),
      ...(r.emptyColumns ?? []).map((header) => ({ header, cell: () => null })),
    ],
  };
}
const PARTS = new Map<DeclaredResource, ReturnType<typeof partsOf>>();
const parts = (d: DeclaredResource) => PARTS.get(d) ?? PARTS.set(d, partsOf(d)).get(d)!;

/**
 * The admin screen of a resource served by the common case (src/common/resources.ts `records`;
 * admin-area §2 "Pages list" is the model): Sl.No, one column per field with a `column` header
 * (sortable with `sort`), the declared empty columns, Edit and Delete; the Add / Edit modal with
 * one required input per field ("Please fill <Label>."); the Delete confirmation "Do you want to
 * delete the <noun>?". Calls `/api/<path>` (contract/declared.ts). Every control shows only with
 * its ability; Edit shows the record's History with `activity.view`.
 */
export function DeclaredScreen({ d }: { d: DeclaredResource }) {
  const { r, path, texts, calls, spec, empty, body, columns } = parts(d);
  const list = useList(calls.list, spec);
  const abilities = useAbilities();
  const crud = useCrud<Form>({
    empty,
    load: async (id) => body((await http.get<Row>(`${path}/${id}`)).data),
    create: (f) => http.post(path, body(f)),
    update: (id, f) => http.put(`${path}/${id}`, body(f)),
    remove: (id) => http.del(`${path}/${id}`),
    checks: (f) => Object.fromEntries(r.fields.map((x) => [x.name, required(f[x.name], x.label)])),
    list,
  });
  return (
    <CrudScreen
      title={d.screen.title}
      addLabel={texts.add}
      resource={d.key}
      calls={calls}
      list={list}
      crud={crud}
      abilities={abilities}
      noun={r.noun}
      searchLabel={texts.search}
      label={(row) => row[r.label]}
      emptyText={texts.empty}
      columns={columns}
      deleteTitle={texts.deleteTitle}
      deleteText={texts.deleteText}
    >
      <CrudFormModal
        crud={crud}
        history={abilities.can('activity.view') ? d.key : undefined}
        titles={{ add: texts.addTitle, edit: texts.editTitle }}
        size={r.wide ? 'lg' : undefined}
        lease={d.key}
        conflictFields={r.fields}
      >
        {r.fields.map((f) => (
          <FieldInput key={f.name} f={f} crud={crud} />
        ))}
      </CrudFormModal>
    </CrudScreen>
  );
}

/** The route table's component for a declared resource's screen (src/app/admin-screens.ts): `screen` is its key. */
export function DeclaredScreenAt({ screen }: { screen: string }) {
  const d = DECLARED_RECORDS.find((x) => x.screen.key === screen);
  return d ? <DeclaredScreen d={d} /> : null;
}
