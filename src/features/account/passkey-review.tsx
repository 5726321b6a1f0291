import '../../lib/messages/security.ts';
import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';
import type { PasskeyView } from '../../common/contract/admin.ts';

const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

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
    <Modal title={t('access.review.title')} size="md" onClose={onClose} footer={<Button onClick={onClose}>{t('access.common.done')}</Button>}>
      <p>{t('access.review.intro')}</p>
      {left.length === 0 ? (
        <p className="muted" role="status">
          {t('access.review.noneLeft')}
        </p>
      ) : (
        <table className="table passkey-review">
          <thead>
            <tr>
              <th>{t('access.passkeys.name')}</th>
              <th>{t('access.passkeys.added')}</th>
              <th>{t('access.passkeys.lastUsed')}</th>
              <th>
                <span className="sr-only">{t('access.passkeys.action')}</span>
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
                  <Button variant="secondary" busy={removing.busy} aria-label={t('access.passkeys.removeLabel', { name: p.name })} onClick={() => remove(p)}>
                    {t('access.common.remove')}
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
