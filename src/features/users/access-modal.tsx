import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { LoadFailed } from '../../components/list-states.tsx';
import { Loading } from '../../components/loading.tsx';
import { SCREENS } from '../../common/screens.ts';
import { screenOfAbility } from '../../common/access-explainer.ts';
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

/**
 * "Why can (or can't) they?" (issue 21 §5): the Access view of a user's row on the Users screen.
 * Lists every admin screen and every ability (grouped by the screen it needs), each marked
 * Allowed or Not allowed with the reason the server's explainer gives (GET user/{id}/access).
 */
export function AccessModal({ user, onClose }: { user: { id: number; name: string }; onClose: () => void }) {
  const { data, error, retry } = useLoad(() => getAccess(user.id), [user.id]);
  const groups = SCREENS.filter((s) => s.key !== '').map((s) => ({ screen: s, rows: (data?.abilities ?? []).filter((a) => screenOfAbility(a.key) === s.key) }));
  return (
    <Modal title={`Access of ${user.name}`} size="lg" onClose={onClose} footer={<ModalCloseButton />}>
      {error ? <LoadFailed what="The access of this user" failure={error} onRetry={retry} /> : !data ? <Loading /> : (
        <>
          <p className="muted">What {data.user.name} may open and do in the admin area, and why.</p>
          <h3 className="access-heading">Screens</h3>
          <div className="table-wrap">
            <table className="table access-table" aria-label="Screens">
              <thead><tr><th scope="col">Screen</th><th scope="col">Verdict</th><th scope="col">Why</th></tr></thead>
              <tbody>{data.screens.map((v) => <Row key={v.key} v={v} />)}</tbody>
            </table>
          </div>
          <h3 className="access-heading">Abilities</h3>
          <div className="table-wrap">
            <table className="table access-table" aria-label="Abilities">
              <thead><tr><th scope="col">Ability</th><th scope="col">Verdict</th><th scope="col">Why</th></tr></thead>
              {groups.filter((g) => g.rows.length).map((g) => (
                <tbody key={g.screen.key}>
                  <tr className="access-group"><th scope="rowgroup" colSpan={3}>{g.screen.name}</th></tr>
                  {g.rows.map((v) => <Row key={v.key} v={v} />)}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
    </Modal>
  );
}
