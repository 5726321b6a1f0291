import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import { Loading } from '../../components/loading.tsx';
import { managedRolesText } from '../../common/access-explainer.ts';
import { getAccess, type AccessVerdict } from './api.ts';

/** One verdict row: the thing, a mark, and the reason in words ("not allowed: role Support has no permission Delete users"). */
function Row({ v }: { v: AccessVerdict }) {
  return (
    <tr className={v.allowed ? 'access-allowed' : 'access-denied'}>
      <td>{v.name}</td>
      <td className="access-mark">{v.allowed ? 'Allowed' : 'Not allowed'}</td>
      <td>{v.reason}</td>
    </tr>
  );
}

/** A verdict table: the Allowed rows in one group, then the Not allowed ones, each headed with its count. */
function VerdictTable({ label, noun, rows }: { label: string; noun: string; rows: AccessVerdict[] }) {
  const groups = [
    ['Allowed', rows.filter((v) => v.allowed)],
    ['Not allowed', rows.filter((v) => !v.allowed)],
  ] as const;
  return (
    <div className="table-wrap">
      <table className="table access-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{noun}</th>
            <th scope="col">Verdict</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        {groups
          .filter(([, g]) => g.length)
          .map(([name, g]) => (
            <tbody key={name}>
              <tr className="access-group">
                <th scope="rowgroup" colSpan={3}>
                  {name} ({g.length})
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
  const q = asked.trim().toLowerCase();
  const answers =
    q && data
      ? [...data.screens.map((v) => ({ ...v, kind: 'Screen' })), ...data.abilities.map((v) => ({ ...v, kind: 'Ability' }))].filter((v) =>
          v.name.toLowerCase().includes(q),
        )
      : [];
  return (
    <Modal title={`Access of ${user.name}`} size="lg" onClose={onClose} footer={<ModalCloseButton />}>
      {error ? (
        <LoadFailed what="The access of this user" failure={error} onRetry={retry} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p className="muted">What {data.user.name} may open and do in the admin area, and why.</p>
          <div className="field">
            <div className="field-label">
              <label htmlFor={searchId}>What do you want to check?</label>
            </div>
            <input
              id={searchId}
              type="search"
              placeholder="A screen or an action, e.g. delete users"
              value={asked}
              onChange={(ev) => setAsked(ev.target.value)}
              autoComplete="off"
            />
          </div>
          {q && (
            <section className="access-answer" aria-label="Answer" aria-live="polite">
              {answers.length === 0 ? (
                <p>No screen or action is called “{asked.trim()}”.</p>
              ) : (
                <ul>
                  {answers.map((v) => (
                    <li key={`${v.kind}-${v.key}`} className={v.allowed ? 'access-allowed' : 'access-denied'}>
                      <strong>{v.name}</strong> ({v.kind.toLowerCase()}): <span className="access-mark">{v.allowed ? 'Allowed' : 'Not allowed'}</span> —{' '}
                      {v.reason.replace(/^(not )?allowed: /, '')}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <h3 className="access-heading">Roles</h3>
          {data.roles.length === 0 ? (
            <p>{data.user.name} has no role.</p>
          ) : (
            <ul className="access-roles">
              {data.roles.map((r) => (
                <li key={r.id}>
                  {managedRolesText({ name: r.name, access: (r as { access?: string[] }).access })}
                  {can('roles.edit') && (
                    <>
                      {' '}
                      <Link href={`~/admin/roles?q=${encodeURIComponent(r.name)}`}>Edit role {r.name}</Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h3 className="access-heading">Screens</h3>
          <VerdictTable label="Screens" noun="Screen" rows={data.screens} />
          <h3 className="access-heading">Abilities</h3>
          <VerdictTable label="Abilities" noun="Ability" rows={data.abilities} />
        </>
      )}
    </Modal>
  );
}
