import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';
import type { PasskeyView } from '../../common/contract/admin.ts';

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());

/**
 * "Check your passkeys", shown after a password change or "Sign out all other sessions" when the
 * account has passkeys (docs/security.md "Two-step sign-in"): a passkey signs in without the
 * password, so one someone else added would survive both. Each is listed with when it was added
 * and last used, and Remove; Done (or Escape) closes. `passkeys` come with the answer of that
 * action; `changed` reloads My account's state after a removal.
 */
export function PasskeyReview({ passkeys, changed, onClose }: { passkeys: PasskeyView[]; changed: () => void; onClose: () => void }) {
  const [left, setLeft] = useState(passkeys);
  const removing = useAction();
  const remove = (p: PasskeyView) =>
    void removing.run(() => api.removePasskey(p.id), {
      onSuccess: () => {
        setLeft((l) => l.filter((k) => k.id !== p.id));
        changed();
      },
    });
  return (
    <Modal title="Check your passkeys" size="md" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      <p>Your passkeys still sign in to your account without a password. Remove any you do not recognise.</p>
      {left.length === 0 ? (
        <p className="muted" role="status">
          No passkeys left.
        </p>
      ) : (
        <table className="table passkey-review">
          <thead>
            <tr>
              <th>Name</th>
              <th>Added</th>
              <th>Last used</th>
              <th>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {left.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{when(p.created_at)}</td>
                <td>{when(p.last_used_at)}</td>
                <td>
                  <Button variant="secondary" busy={removing.busy} aria-label={`Remove passkey ${p.name}`} onClick={() => remove(p)}>
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
