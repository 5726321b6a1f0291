import '../../lib/messages/webhooks.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/list-states.tsx';
import { Modal } from '../../components/modal.tsx';
import { useAction } from '../../components/use-action.ts';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useLoad } from '../../components/use-load.ts';
import { type SayShared, useSharedTexts } from '../../components/use-shared-texts.ts';
import { copyText } from '../../lib/copy-text.ts';
import { formatNumber, t } from '../../lib/i18n.ts';
import { eventsFor, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '../../common/webhooks.ts';
import type { Webhook } from '../../common/contract/webhooks.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import * as api from './api.ts';

/**
 * The caller's webhook endpoints (docs/webhooks.md): an organiser's in its console, the
 * platform's under Settings for an administrator (`platform`). Lists each endpoint with its state
 * and its success rate over 7 days, adds one (the secret shown once, with Copy), enables,
 * disables, rotates the secret, sends a test event, deletes, and opens its deliveries.
 * `titleShown` false: the page's own header already says "Webhooks" (the organiser's Webhooks
 * screen), so the panel's heading is kept for screen readers only, not shown a second time.
 */
export function WebhooksPanel({ platform, titleShown = true }: { platform: boolean; titleShown?: boolean }) {
  // The last error is the server's sentence (lib/webhooks/deliver.ts), said in the reader's language by its code.
  const sayShared = useSharedTexts();
  const { data: hooks, error, retry } = useLoad(() => api.listWebhooks(), []);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<Webhook | null>(null);
  const [confirm, setConfirm] = useState<{ hook: Webhook; what: 'delete' | 'rotate' } | null>(null);
  const acting = useAction();

  const act = (call: () => Promise<unknown>, success?: string) => void acting.run(call, { success, onSuccess: () => retry() });
  return (
    <section className="card webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className={titleShown ? undefined : 'sr-only'}>
        {t('webhooks.title')}
      </h2>
      <p className="muted">{t('webhooks.intro')}</p>
      {platform && <p className="muted">{t('webhooks.platformIntro')}</p>}
      {error !== null && <LoadFailed what={t('webhooks.loadEndpoints')} failure={error} onRetry={retry} />}
      {hooks && hooks.length === 0 && <p className="webhooks-empty">{t('webhooks.empty')}</p>}
      {hooks && hooks.length > 0 && (
        <div className="table-wrap">
          <table className="table webhooks-table">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.url')}</th>
                <th scope="col">{t('webhooks.events')}</th>
                <th scope="col">{t('webhooks.state')}</th>
                <th scope="col">{t('webhooks.successRate')}</th>
                <th scope="col">{t('webhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((h) => (
                <tr key={h.id}>
                  <td>
                    <span className="webhook-url">{h.url}</span>
                    {h.description && <small className="muted webhook-description">{h.description}</small>}
                  </td>
                  <td>{h.events.join(', ')}</td>
                  <td>{stateOf(h, sayShared)}</td>
                  <td>{rateOf(h)}</td>
                  <td className="webhook-actions">
                    <Button variant="secondary" onClick={() => setOpen(h)}>
                      {t('webhooks.deliveries')}
                    </Button>
                    <Button variant="secondary" busy={acting.busy} onClick={() => act(() => api.sendTestEvent(h.id), t('webhooks.testQueued'))}>
                      {t('webhooks.sendTest')}
                    </Button>
                    <Button variant="secondary" busy={acting.busy} onClick={() => act(() => api.updateWebhook(h.id, { enabled: !h.enabled }))}>
                      {h.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirm({ hook: h, what: 'rotate' })}>
                      {t('webhooks.rotate')}
                    </Button>
                    <Button variant="danger" onClick={() => setConfirm({ hook: h, what: 'delete' })}>
                      {t('webhooks.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddEndpoint platform={platform} onCreated={(s) => (setSecret(s), retry())} />
      {open && <DeliveriesPanel hook={open} onClose={() => setOpen(null)} />}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      {confirm && (
        <ConfirmModal
          title={confirm.what === 'delete' ? t('webhooks.delete') : t('webhooks.rotate')}
          text={confirm.what === 'delete' ? t('webhooks.deleteQuestion', { url: confirm.hook.url }) : t('webhooks.rotateQuestion')}
          confirmLabel={t('webhooks.yes')}
          busy={acting.busy}
          danger={confirm.what === 'delete'}
          onClose={() => setConfirm(null)}
          onConfirm={() => {
            const { hook, what } = confirm;
            void acting.run(() => (what === 'delete' ? api.deleteWebhook(hook.id) : api.updateWebhook(hook.id, { rotate_secret: true })), {
              success: what === 'delete' ? t('webhooks.deleted') : undefined,
              onSuccess: (r) => {
                setConfirm(null);
                const s = (r as { data?: { secret?: string } } | undefined)?.data?.secret;
                if (s) setSecret(s);
                retry();
              },
            });
          }}
        />
      )}
    </section>
  );
}

/** "Enabled", "Disabled", or "Disabled after failing: <last error>" (the failure in the reader's language: `say`, useSharedTexts). */
const stateOf = (h: Webhook, say: SayShared) =>
  h.enabled ? t('webhooks.enabled') : h.disabled_reason === 'failing' ? t('webhooks.disabledFailing', { error: say(h.last_error) }) : t('webhooks.disabled');

/** Delivered of those settled in the last 7 days, as a percentage, or "No deliveries". */
function rateOf(h: Webhook) {
  const settled = h.stats.delivered + h.stats.failing;
  if (settled + h.stats.pending === 0) return t('webhooks.noDeliveries');
  const rate = settled ? Math.round((100 * h.stats.delivered) / settled) : 0;
  return t('webhooks.rate', { rate: formatNumber(rate), count: settled + h.stats.pending });
}

/** The add form: URL, description, the events the owner may receive. */
function AddEndpoint({ platform, onCreated }: { platform: boolean; onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const fe = useFormErrors();
  const creating = useAction();
  const submit = () => {
    if (fe.check({ events: events.length ? null : t('webhooks.chooseEvents') })) return;
    void creating.run(() => api.createWebhook(url.trim(), events, description.trim()), {
      onSuccess: (r) => {
        setUrl('');
        setDescription('');
        setEvents([]);
        fe.reset();
        onCreated(r.data.secret);
      },
      onError: (err) => {
        fe.fromServer(err);
      },
    });
  };
  return (
    <form
      className="webhooks-add"
      noValidate
      aria-labelledby="webhooks-add-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id="webhooks-add-title">{t('webhooks.add')}</h3>
      <FormField bind={fe.field('url')} label={t('webhooks.url')} required>
        <input name="url" type="url" inputMode="url" value={url} maxLength={WEBHOOK_URL_MAX} onChange={(e) => setUrl(e.target.value)} />
      </FormField>
      <small className="muted">{t('webhooks.urlHint')}</small>
      <FormField bind={fe.field('description')} label={t('webhooks.description')}>
        <input name="description" value={description} maxLength={WEBHOOK_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <fieldset className="webhooks-events">
        <legend>{t('webhooks.events')}</legend>
        {eventsFor(platform).map((ev) => (
          <label key={ev} className="checkbox">
            <input
              type="checkbox"
              name="events"
              value={ev}
              checked={events.includes(ev)}
              onChange={(e) => setEvents((list) => (e.target.checked ? [...list, ev] : list.filter((x) => x !== ev)))}
            />{' '}
            <code>{ev}</code>
          </label>
        ))}
        {fe.field('events').error && (
          <p className="field-error" role="alert">
            {fe.field('events').error}
          </p>
        )}
      </fieldset>
      <Button type="submit" busy={creating.busy}>
        {t('webhooks.create')}
      </Button>
    </form>
  );
}

/** The copy-once dialog of a new secret. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const copying = useAction();
  return (
    <Modal
      title={t('webhooks.secretTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" busy={copying.busy} onClick={() => void copying.run(() => copyText(secret), { success: t('webhooks.copied') })}>
            {t('webhooks.copy')}
          </Button>
          <Button onClick={onClose}>{t('webhooks.close')}</Button>
        </>
      }
    >
      <p>{t('webhooks.secretOnce')}</p>
      <input className="webhook-secret" readOnly value={secret} aria-label={t('webhooks.secretTitle')} onFocus={(e) => e.target.select()} />
    </Modal>
  );
}
