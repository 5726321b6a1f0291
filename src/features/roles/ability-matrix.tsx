import '../../lib/messages/sweep.ts';
import '../../lib/messages/admin.ts';
import { Fragment } from 'react';
import { ABILITIES, abilityOfPermission, type Verb } from '../../common/abilities.ts';
import { SCREENS } from '../../common/screens.ts';
import { screenOfAbility } from '../../common/access-explainer.ts';
import type { Named } from './api.ts';
import { permissionWord, screenWord } from '../../components/screen-words.ts';
import { t } from '../../lib/i18n.ts';

/** The matrix's columns: every verb some ability declares, in declaration order (resources.ts). */
const VERBS: readonly Verb[] = [...new Set(ABILITIES.map((a) => a.key.split('.')[1] as Verb))];
/** A line under a screen's row where its abilities reach less than their names say (by screen key). */
const rowHint = (screenKey: string): string | null => (screenKey === 'settings' ? t('sweep.roles.settingsHint') : null);

/** Rows of the matrix: each screen with abilities, its permissions by verb; `other`: permissions outside the catalogue. */
export function matrixRows(permissions: Named[]) {
  const byAbility = new Map(
    permissions.flatMap((p) => {
      const a = abilityOfPermission(p.name);
      return a ? [[a as string, p] as const] : [];
    }),
  );
  const rows = SCREENS.flatMap((s) => {
    const cells = new Map(
      ABILITIES.filter((a) => screenOfAbility(a.key) === s.key && byAbility.has(a.key)).map(
        (a) => [a.key.split('.')[1] as Verb, byAbility.get(a.key)!] as const,
      ),
    );
    return cells.size ? [{ key: s.key, screen: screenWord(s.key, s.name), cells }] : [];
  });
  const other = permissions.filter((p) => !abilityOfPermission(p.name));
  return { rows, other };
}

/**
 * The Permissions checklist of the Role form (admin-area §2 "Roles list") as a screen × ability
 * matrix: one row per admin screen (SCREENS order), one column per verb (view, create, edit,
 * delete, import, moderate), each cell the catalogue permission of that screen and verb ("View
 * users"), and "All" per row; the Settings row is followed by the hint of common/mail-rules.ts SETTINGS_ABILITIES_HINT (Edit settings
 * does not reach the e-mail settings). Permissions outside the catalogue follow under "Other". `locked`
 * greys out what the server would refuse; "All" changes only what is not locked.
 */
export function AbilityMatrix({
  permissions,
  checked,
  locked,
  disabled,
  onChange,
}: {
  permissions: Named[] | null;
  checked: number[];
  locked: (p: Named) => boolean;
  disabled: boolean;
  onChange: (ids: number[]) => void;
}) {
  const set = (ids: number[], on: boolean) => onChange(on ? [...new Set([...checked, ...ids])] : checked.filter((x) => !ids.includes(x)));
  const box = (p: Named, label?: string) => (
    <input type="checkbox" aria-label={label} checked={checked.includes(p.id)} disabled={locked(p)} onChange={(e) => set([p.id], e.target.checked)} />
  );
  const { rows, other } = permissions ? matrixRows(permissions) : { rows: [], other: [] };
  return (
    <fieldset className="checklist checklist-flow" disabled={disabled}>
      <legend>{t('admin.matrix.permissions')}</legend>
      {permissions === null && <p className="muted">{t('app.loading')}</p>}
      {permissions?.length === 0 && <p className="muted">{t('admin.common.noneYet')}</p>}
      {rows.length > 0 && (
        <div className="ability-matrix-wrap">
          <table className="ability-matrix">
            <thead>
              <tr>
                <th scope="col">{t('admin.matrix.screen')}</th>
                {VERBS.map((v) => (
                  <th key={v} scope="col">
                    {t('admin.matrix.verb', { verb: v })}
                  </th>
                ))}
                <th scope="col">{t('admin.matrix.all')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, screen, cells }) => {
                const free = [...cells.values()].filter((p) => !locked(p)).map((p) => p.id);
                const all = [...cells.values()].every((p) => checked.includes(p.id));
                return (
                  <Fragment key={key}>
                    <tr>
                      <th scope="row">{screen}</th>
                      {VERBS.map((v) => (
                        <td key={v}>{cells.has(v) ? box(cells.get(v)!, permissionWord(cells.get(v)!.name)) : null}</td>
                      ))}
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('admin.matrix.allOf', { screen })}
                          checked={all}
                          disabled={!free.length}
                          onChange={(e) => set(free, e.target.checked)}
                        />
                      </td>
                    </tr>
                    {rowHint(key) && (
                      <tr className="ability-hint">
                        <td colSpan={VERBS.length + 2}>
                          <small className="field-hint">{rowHint(key)}</small>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {other.length > 0 && (
        <div className="checklist-group">
          <p className="checklist-group-name">{t('admin.matrix.other')}</p>
          {other.map((p) => (
            <label key={p.id} className="check">
              <input type="checkbox" checked={checked.includes(p.id)} disabled={locked(p)} onChange={(e) => set([p.id], e.target.checked)} />
              {p.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
