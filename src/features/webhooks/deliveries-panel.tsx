import '../../lib/messages/webhooks.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { LoadFailed } from '../../components/list-states.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useAction } from '../../components/use-action.ts';
import { useLoad } from '../../components/use-load.ts';
import { useSharedTexts } from '../../components/use-shared-texts.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';
import { DELIVERY_STATUSES, TEST_EVENT, WEBHOOK_EVENTS } from '../../common/webhooks.ts';
import type { Webhook, WebhookDelivery } from '../../common/contract/webhooks.ts';
import * as api from './api.ts';

/**
 * An endpoint's deliveries (docs/webhooks.md "Delivery and retries"), in a dialog: filtered by
 * event and status, 10 a page, newest first; View opens a delivery's body and every attempt
 * (request headers, status code, duration, the answer's first 1 KB, the next attempt's time);
 * Redeliver sends the same event again with a fresh signature.
 */
export function DeliveriesPanel({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const [filters, setFilters] = useState({ event: '', status: '' });
  const [page, setPage] = useState(1);
  const { data, error, retry, loading } = useLoad(() => api.listDeliveries(hook.id, filters, page), [hook.id, filters.event, filters.status, page]);
  const [viewing, setViewing] = useState<number | null>(null);
  const replaying = useAction();
  const redeliver = (d: WebhookDelivery) =>
    void replaying.run(() => api.redeliver(hook.id, d.id), { success: t('webhooks.redelivered'), onSuccess: () => retry() });
  return (
    <Modal title={t('webhooks.deliveriesOf', { url: hook.url })} size="lg" onClose={onClose}>
      <div className="webhooks-filters">
        <label>
          {t('webhooks.filterEvent')}{' '}
          <select value={filters.event} onChange={(e) => (setFilters({ ...filters, event: e.target.value }), setPage(1))}>
            <option value="">{t('webhooks.all')}</option>
            {[...WEBHOOK_EVENTS, TEST_EVENT].map((ev) => (
              <option key={ev} value={ev}>
                {ev}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('webhooks.filterStatus')}{' '}
          <select value={filters.status} onChange={(e) => (setFilters({ ...filters, status: e.target.value }), setPage(1))}>
            <option value="">{t('webhooks.all')}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`webhooks.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error !== null && <LoadFailed what={t('webhooks.loadDeliveries')} failure={error} onRetry={retry} />}
      {data && data.data.length === 0 && <p>{t('webhooks.noDeliveriesYet')}</p>}
      {data && data.data.length > 0 && (
        <table className="table webhooks-deliveries" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.filterEvent')}</th>
              <th scope="col">{t('webhooks.filterStatus')}</th>
              <th scope="col">{t('webhooks.attempts')}</th>
              <th scope="col">{t('webhooks.lastAnswer')}</th>
              <th scope="col">{t('webhooks.created')}</th>
              <th scope="col">{t('webhooks.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((d) => (
              <tr key={d.id}>
                <td>
                  <code>{d.type}</code>
                </td>
                <td>{t(`webhooks.status.${d.status}`)}</td>
                <td>{d.attempts}</td>
                <td>{d.last_status ?? (d.last_error ? t('webhooks.noAnswer') : '—')}</td>
                <td>{formatDateTime(d.created_at)}</td>
                <td className="webhook-actions">
                  <Button variant="secondary" onClick={() => setViewing(d.id)}>
                    {t('webhooks.view')}
                  </Button>
                  <Button variant="secondary" busy={replaying.busy} onClick={() => redeliver(d)}>
                    {t('webhooks.redeliver')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.last_page > 1 && <Pagination page={page} lastPage={data.last_page} onChange={setPage} />}
      {viewing !== null && <DeliveryDetail hookId={hook.id} id={viewing} onClose={() => (setViewing(null), retry())} />}
    </Modal>
  );
}

/** One delivery: its event id, the body sent, and each attempt's request and answer. */
function DeliveryDetail({ hookId, id, onClose }: { hookId: number; id: number; onClose: () => void }) {
  // Each attempt's failure is the server's sentence (lib/webhooks/deliver.ts), said in the reader's language by its code;
  // the endpoint's own answer is shown as it came.
  const sayShared = useSharedTexts();
  const { data: d, error, retry } = useLoad(() => api.getDelivery(hookId, id), [hookId, id]);
  return (
    <Modal title={t('webhooks.delivery', { id })} size="lg" onClose={onClose}>
      {error !== null && <LoadFailed what={t('webhooks.loadDelivery')} failure={error} onRetry={retry} />}
      {d && (
        <div className="webhook-delivery">
          <p>
            {t('webhooks.messageId')}: <code>{d.message_id}</code>
          </p>
          <h3>{t('webhooks.body')}</h3>
          <pre className="webhook-pre">{d.payload}</pre>
          {d.attempts_list.length === 0 && <p>{t('webhooks.noAttempts')}</p>}
          <ol className="webhook-attempts">
            {d.attempts_list.map((a, i) => (
              <li key={a.id}>
                <h3>{t('webhooks.attempt', { n: i + 1 })}</h3>
                <dl>
                  <dt>{t('webhooks.attemptAt')}</dt>
                  <dd>
                    {formatDateTime(a.at)} · {t('webhooks.duration', { ms: a.duration_ms })}
                  </dd>
                  <dt>{t('webhooks.statusCode')}</dt>
                  <dd>{a.status_code ?? t('webhooks.noAnswer')}</dd>
                  {a.error && (
                    <>
                      <dt>{t('webhooks.error')}</dt>
                      <dd>{sayShared(a.error)}</dd>
                    </>
                  )}
                  {a.next_at !== null && (
                    <>
                      <dt>{t('webhooks.nextAttempt')}</dt>
                      <dd>{formatDateTime(a.next_at)}</dd>
                    </>
                  )}
                </dl>
                <h4>{t('webhooks.request')}</h4>
                <pre className="webhook-pre">{Object.entries(a.request_headers).map(([k, v]) => `${k}: ${v}\n`)}</pre>
                <h4>{t('webhooks.answer')}</h4>
                <pre className="webhook-pre">{a.response || '—'}</pre>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
