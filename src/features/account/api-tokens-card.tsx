import '../../lib/messages/tokens.ts';
import { useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useAction } from '../../components/use-action.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatDateTime, formatDay, t } from '../../lib/i18n.ts';
import { TokenForm } from './token-form.tsx';
import * as api from './tokens-api.ts';

/** The day a token stops working (its expiry is 00:00 UTC of that day). */
const dayOf = (ms: number) => formatDay(new Date(ms).toISOString().slice(0, 10));

/**
 * My account → API tokens (docs/integrations.md "API tokens"), for staff
 * and organisers alike: each token with its name, its first characters, its scopes, when it was
 * made, when it expires ("Expired" once past) and its last use (time and address), and Revoke
 * (asked first; the token is refused from its next call on every process). The form below
 * makes a new one (token-form.tsx), shown once. Loading, empty and failed states are said.
 */
export function ApiTokensCard() {
  const id = useId();
  const tokens = useLoad((signal) => api.getTokens(signal), []);
  const [asking, setAsking] = useState<api.ApiToken | null>(null);
  const revoking = useAction();

  const revoke = () => {
    if (!asking) return;
    void revoking.run(() => api.revokeToken(asking.id), {
      success: () => t('tokens.revoked'),
      onSuccess: () => {
        setAsking(null);
        tokens.retry();
      },
      onError: () => {
        setAsking(null);
        tokens.retry();
      },
    });
  };

  return (
    <section className="card api-tokens" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('tokens.title')}</h2>
      <p className="muted">{t('tokens.intro')}</p>
      {tokens.data === null && tokens.loading && (
        <p className="muted" role="status">
          {t('app.loading')}
        </p>
      )}
      {tokens.error !== null && (
        <p role="alert">
          {t('tokens.loadFailed')}{' '}
          <Button variant="secondary" onClick={tokens.retry}>
            {t('tokens.retry')}
          </Button>
        </p>
      )}
      {tokens.data?.length === 0 && <p className="muted small">{t('tokens.none')}</p>}
      {!!tokens.data?.length && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>{t('tokens.name')}</th>
                <th>{t('tokens.token')}</th>
                <th>{t('tokens.scopes')}</th>
                <th>{t('tokens.created')}</th>
                <th>{t('tokens.expires')}</th>
                <th>{t('tokens.lastUsed')}</th>
                <th>
                  <span className="sr-only">{t('tokens.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((k) => (
                <tr key={k.id} data-row-id={k.id}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td className="token-scope-list">
                    {k.scopes.map((s) => (
                      <code key={s}>{s}</code>
                    ))}
                  </td>
                  <td>{formatDateTime(k.created_at)}</td>
                  <td>
                    {dayOf(k.expires_at)}
                    {k.expired && (
                      <>
                        {' '}
                        <span className="badge badge-warning">{t('tokens.expired')}</span>
                      </>
                    )}
                  </td>
                  <td>
                    {k.last_used_at === null
                      ? t('tokens.never')
                      : k.last_used_ip
                        ? t('tokens.lastUsedFrom', { when: formatDateTime(k.last_used_at), address: k.last_used_ip })
                        : formatDateTime(k.last_used_at)}
                  </td>
                  <td>
                    <Button variant="secondary" onClick={() => setAsking(k)} aria-label={t('tokens.revokeLabel', { name: k.name })}>
                      {t('tokens.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TokenForm made={tokens.retry} />
      {asking && (
        <ConfirmModal
          title={t('tokens.revoke')}
          confirmLabel={t('tokens.revoke')}
          busy={revoking.busy}
          onClose={() => setAsking(null)}
          onConfirm={revoke}
          text={t('tokens.revokeAsk', { name: asking.name })}
        />
      )}
    </section>
  );
}
