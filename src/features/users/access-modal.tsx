import '../../lib/messages/admin.ts';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import { Loading } from '../../components/loading.tsx';
import { sayAccessReasons, sayManagedRoles } from '../../components/role-words.ts';
import type { RoleFacts } from '../../common/access-explainer.ts';
import { abilityWord, screenWord } from '../../components/screen-words.ts';
import { getAccess, type AccessVerdict } from './api.ts';
import { currentLocale, t, tParts } from '../../lib/i18n.ts';

/** One verdict row: the thing, a mark, and the reason in words ("not allowed: role Support has no permission Delete users"). */
function Row({ v }: { v: AccessVerdict }) {
  return (
    <tr className={v.allowed ? 'access-allowed' : 'access-denied'}>
      <td>{v.name}</td>
      <td className="access-mark">{v.allowed ? t('admin.access.allowed') : t('admin.access.notAllowed')}</td>
      <td>{v.reason}</td>
    </tr>
  );
}

/** A verdict table: the Allowed rows in one group, then the Not allowed ones, each headed with its count. */
function VerdictTable({ label, noun, rows }: { label: string; noun: string; rows: AccessVerdict[] }) {
  const groups = [
    ['admin.access.allowedCount', rows.filter((v) => v.allowed)],
    ['admin.access.notAllowedCount', rows.filter((v) => !v.allowed)],
  ] as const;
  return (
    <div className="table-wrap">
      <table className="table access-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{noun}</th>
            <th scope="col">{t('admin.access.verdict')}</th>
            <th scope="col">{t('admin.access.why')}</th>
          </tr>
        </thead>
        {groups
          .filter(([, g]) => g.length)
          .map(([name, g]) => (
            <tbody key={name}>
              <tr className="access-group">
                <th scope="rowgroup" colSpan={3}>
                  {t(name, { count: g.length })}
                </th>
              </tr>
              {g.map((v) => (
                <Row key={v.key} v={v} />
              ))}
            </tbody>
          ))}
      </table>
    </div>
  );
}

/**
 * "Why can (or can't) they?": the Access view of a user's row on the Users screen. First the
 * answer to what is asked (a search over every screen and ability: its verdict and why), then
 * the user's roles, whose users each may manage ("Role can access to") and a link "Edit role …"
 * for those who may edit roles, then every screen and every ability, the Allowed ones grouped
 * before the Not allowed ones, with the reason the server's explainer gives (GET user/{id}/access).
 */
export function AccessModal({ user, onClose }: { user: { id: number; name: string }; onClose: () => void }) {
  const { data, error, retry } = useLoad(() => getAccess(user.id), [user.id]);
  const { can } = useAbilities();
  const [asked, setAsked] = useState('');
  const searchId = useId();
  // Screens and abilities by their names in the reader's language (the answer names them in English).
  // …and the reasons too, from the roles' facts the answer carries (English: the answer's own words).
  const reasons = data ? sayAccessReasons(data.roles as unknown as RoleFacts[]) : null;
  const screens = data
    ? data.screens.map((v) => ({
        ...v,
        name: screenWord(v.key, v.name),
        reason: reasons?.get(`screen:${v.key}`)?.reason ?? v.reason,
        why: reasons?.get(`screen:${v.key}`)?.facts,
      }))
    : [];
  const abilities = data
    ? data.abilities.map((v) => ({
        ...v,
        name: abilityWord(v.key, v.name),
        reason: reasons?.get(`ability:${v.key}`)?.reason ?? v.reason,
        why: reasons?.get(`ability:${v.key}`)?.facts,
      }))
    : [];
  const q = asked.trim().toLocaleLowerCase(currentLocale());
  const answers =
    q && data
      ? [...screens.map((v) => ({ ...v, kind: 'screen' })), ...abilities.map((v) => ({ ...v, kind: 'ability' }))].filter((v) =>
          v.name.toLocaleLowerCase(currentLocale()).includes(q),
        )
      : [];
  return (
    <Modal title={t('admin.access.title', { name: user.name })} size="lg" onClose={onClose} footer={<ModalCloseButton />}>
      {error ? (
        <LoadFailed what={t('admin.access.loadFailed')} failure={error} onRetry={retry} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p className="muted">{t('admin.access.intro', { name: data.user.name })}</p>
          <div className="field">
            <div className="field-label">
              <label htmlFor={searchId}>{t('admin.access.ask')}</label>
            </div>
            <input
              id={searchId}
              type="search"
              placeholder={t('admin.access.askPlaceholder')}
              value={asked}
              onChange={(ev) => setAsked(ev.target.value)}
              autoComplete="off"
            />
          </div>
          {q && (
            <section className="access-answer" aria-label={t('admin.access.answer')} aria-live="polite">
              {answers.length === 0 ? (
                <p>{t('admin.access.noMatch', { query: asked.trim() })}</p>
              ) : (
                <ul>
                  {answers.map((v) => (
                    <li key={`${v.kind}-${v.key}`} className={v.allowed ? 'access-allowed' : 'access-denied'}>
                      {tParts(
                        'admin.access.answerLine',
                        {
                          name: <strong key="n">{v.name}</strong>,
                          verdict: (
                            <span key="v" className="access-mark">
                              {v.allowed ? t('admin.access.allowed') : t('admin.access.notAllowed')}
                            </span>
                          ),
                        },
                        { kind: t('admin.access.kind', { kind: v.kind }), reason: v.why ?? v.reason.replace(/^(not )?allowed: /, '') },
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <h3 className="access-heading">{t('admin.access.roles')}</h3>
          {data.roles.length === 0 ? (
            <p>{t('admin.access.noRole', { name: data.user.name })}</p>
          ) : (
            <ul className="access-roles">
              {data.roles.map((r) => (
                <li key={r.id}>
                  {sayManagedRoles({ name: r.name, access: (r as { access?: string[] }).access })}
                  {can('roles.edit') && (
                    <>
                      {' '}
                      <Link href={`~/admin/roles?q=${encodeURIComponent(r.name)}`}>{t('admin.access.editRole', { name: r.name })}</Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h3 className="access-heading">{t('admin.access.screens')}</h3>
          <VerdictTable label={t('admin.access.screens')} noun={t('admin.access.screen')} rows={screens} />
          <h3 className="access-heading">{t('admin.access.abilities')}</h3>
          <VerdictTable label={t('admin.access.abilities')} noun={t('admin.access.ability')} rows={abilities} />
        </>
      )}
    </Modal>
  );
}
