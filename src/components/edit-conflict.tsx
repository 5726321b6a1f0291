import '../lib/messages/live.ts';
import { useState } from 'react';
import type { StaleRecord } from '../lib/http.ts';
import { formatDateTime, t } from '../lib/i18n.ts';
import { Button } from './button.tsx';

/**
 * One field the conflict compares: its name (the stored record's column, and the key of the form
 * values given) and its label as the form shows it. `combine: false` offers no Combine both (a
 * date, a choice: two values joined are no value); `show` words a value for the reader (a language
 * code as its name), the value itself is what Keep mine / Take theirs put back.
 */
export interface ConflictField {
  name: string;
  label: string;
  combine?: boolean;
  show?: (value: string) => string;
}

/** A stored value as the form holds it: text ('' for none). */
const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** What the reader chose for one field. */
type Choice = 'mine' | 'theirs' | 'both';

/**
 * Someone else's newer change beside the reader's own (docs/live.md): shown in an
 * edit form whose save answered 412. It names who changed the record and when, then, field by
 * field where their stored value and the reader's typed one differ, both values with Keep mine
 * (the form stays), Take theirs (the form takes their value) and Combine both (the reader's text,
 * then theirs on a new line, to edit into one); Keep all mine / Take all theirs do it for every
 * field. The reader's text as it was at the 412 is kept here, so Keep mine brings it back after a
 * Take theirs: nothing they typed is lost. Saving again sends the version the 412 named, so it
 * keeps what the form then holds. Render it with `key={conflict.version}` (one per 412).
 */
export function EditConflict({
  conflict,
  fields,
  form,
  set,
}: {
  conflict: StaleRecord;
  fields: readonly ConflictField[];
  form: Record<string, unknown>;
  set: (patch: Record<string, string>) => void;
}) {
  const [mine] = useState(() => Object.fromEntries(fields.map((f) => [f.name, asText(form[f.name])])));
  const [chosen, setChosen] = useState<Record<string, Choice>>({});
  const theirs = (f: ConflictField) => asText(conflict.record[f.name]);
  const differing = fields.filter((f) => f.name in conflict.record && theirs(f) !== mine[f.name]);
  const value = (f: ConflictField, c: Choice) => (c === 'mine' ? mine[f.name] : c === 'theirs' ? theirs(f) : `${mine[f.name]}\n${theirs(f)}`);
  const choose = (list: ConflictField[], c: Choice) => {
    set(Object.fromEntries(list.map((f) => [f.name, value(f, c)])));
    setChosen((was) => ({ ...was, ...Object.fromEntries(list.map((f) => [f.name, c])) }));
  };
  const option = (f: ConflictField, c: Choice, label: string) => (
    <Button variant="secondary" aria-pressed={chosen[f.name] === c} onClick={() => choose([f], c)}>
      {label}
    </Button>
  );
  const shown = (f: ConflictField, v: string) => (v ? (f.show ? f.show(v) : v) : t('live.conflict.empty'));
  const by = conflict.changed_by;
  return (
    <section className="edit-conflict" role="alert" aria-labelledby="edit-conflict-title">
      <p id="edit-conflict-title" className="edit-conflict-title">
        {by ? t('live.conflict.title', { name: by.name, when: formatDateTime(by.at) }) : t('live.conflict.titleSomeone')}
      </p>
      {differing.length === 0 ? (
        <p>{t('live.conflict.none')}</p>
      ) : (
        <>
          <p>{t('live.conflict.help')}</p>
          <div className="edit-conflict-all">
            <Button variant="secondary" onClick={() => choose(differing, 'mine')}>
              {t('live.conflict.keepAllMine')}
            </Button>
            <Button variant="secondary" onClick={() => choose(differing, 'theirs')}>
              {t('live.conflict.takeAllTheirs')}
            </Button>
          </div>
          <ul className="edit-conflict-fields" aria-label={t('live.conflict.fields')}>
            {differing.map((f) => (
              <li key={f.name} className="edit-conflict-field" data-field={f.name}>
                <strong>{f.label}</strong>
                <div className="edit-conflict-values">
                  <div className="edit-conflict-theirs">
                    <span className="edit-conflict-label">{t('live.conflict.theirs')}</span>
                    <pre>{shown(f, theirs(f))}</pre>
                  </div>
                  <div className="edit-conflict-yours">
                    <span className="edit-conflict-label">{t('live.conflict.yours')}</span>
                    <pre>{shown(f, mine[f.name])}</pre>
                  </div>
                </div>
                <div className="edit-conflict-actions">
                  {option(f, 'mine', t('live.conflict.keepMine'))}
                  {option(f, 'theirs', t('live.conflict.takeTheirs'))}
                  {f.combine !== false && option(f, 'both', t('live.conflict.combine'))}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
