import '../../lib/messages/security.ts';
import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { required } from '../../lib/validators.ts';
import { passkeysSupported } from '../../lib/webauthn.ts';
import { PasskeySiteNotice, usePasskeySite } from '../../components/passkey-site.tsx';
import * as api from './api.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';
import { asksOwner, OwnerConfirmModal, ownerAsk, type OwnerAsk } from './owner-confirm.tsx';

const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

/**
 * My account → Passkeys (docs/security.md "Two-step sign-in"): each passkey with its name,
 * when it was added and last used, and Remove; "Add a passkey" names one and asks the browser
 * (navigator.credentials) to make it. A passkey signs in without a password ("Use a passkey")
 * and serves as the second step after one. Adding one asks "Confirm it is you" (owner-confirm.tsx:
 * the password or a code) when the sign-in is older than 5 minutes, and sends the passkey the
 * browser made again with it. Where this page's address cannot carry passkeys (an IP address, or
 * not the server's passkey site: src/common/passkey-site.ts) the card says why and where to open
 * the console instead of the form; a browser's refusal is said under the form by its name.
 * `status` is the loaded state; `changed` reloads it.
 */
export function PasskeysCard({ status, changed }: { status: api.TwoStep | null; changed: () => void }) {
  const [name, setName] = useState('');
  const form = useFormErrors();
  const adding = useAction();
  const removing = useAction();
  const [ask, setAsk] = useState<OwnerAsk<Awaited<ReturnType<typeof api.addPasskey>>> | null>(null);
  const site = usePasskeySite();
  // The browser's refusal of the last try, by name; cleared by the next.
  const [refused, setRefused] = useState('');

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.check({ name: required(name, t('access.passkeys.nameLabel')) })) return;
    const named = name.trim();
    const added = () => {
      setName('');
      changed();
    };
    // The browser makes the passkey once; the prompt sends that same answer again with the proof.
    let credential = '';
    // The prompt's code (lib/webauthn-prompts.ts) loads beside the server's options.
    let prompts: typeof import('../../lib/webauthn-prompts.ts') | undefined;
    setRefused('');
    void adding.run(
      async () => {
        const [loaded, options] = await Promise.all([import('../../lib/webauthn-prompts.ts'), api.passkeyOptions()]);
        prompts = loaded;
        return api.addPasskey(named, (credential = await prompts.createPasskey(options)));
      },
      {
        onSuccess: added,
        onError: (err) => {
          const browser = prompts?.browserRefusal(err) ?? null;
          if (browser) {
            setRefused(t('access.passkeys.notAddedWhy', { reason: browser }));
            return true;
          }
          if (!asksOwner(err)) {
            form.fromServer(err);
            return;
          }
          setAsk(
            ownerAsk(err, {
              withCode: !!status?.totp,
              retry: (proof) => api.addPasskey(named, credential, proof),
              done: added,
              elsewhere: (e2) => {
                form.fromServer(e2);
              },
            }),
          );
          return true;
        },
        fallback: t('access.passkeys.notAdded'),
      },
    );
  };

  return (
    <section className="card passkeys" aria-labelledby="account-passkeys">
      <h2 id="account-passkeys">{t('access.passkeys.title')}</h2>
      {status === null ? (
        <p className="muted" role="status">
          {t('app.loading')}
        </p>
      ) : (
        <>
          {status.passkeys.length === 0 ? (
            <p className="muted small">{t('access.passkeys.none')}</p>
          ) : (
            <table className="table">
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
                {status.passkeys.map((p) => (
                  <tr key={p.id}>
                    <td>{p.name}</td>
                    <td>{when(p.created_at)}</td>
                    <td>{when(p.last_used_at)}</td>
                    <td>
                      <Button
                        variant="secondary"
                        busy={removing.busy}
                        aria-label={t('access.passkeys.removeLabel', { name: p.name })}
                        onClick={() => void removing.run(() => api.removePasskey(p.id), { onSuccess: changed })}
                      >
                        {t('access.common.remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {!passkeysSupported() ? (
            <p className="muted small">{t('access.passkeys.unsupported')}</p>
          ) : site === undefined ? null : site ? (
            <PasskeySiteNotice note={site} />
          ) : (
            <form noValidate onSubmit={add}>
              <FormField bind={form.field('name')} label={t('access.passkeys.nameLabel')} required>
                <input
                  name="passkey_name"
                  value={name}
                  maxLength={100}
                  placeholder={t('access.passkeys.namePlaceholder')}
                  autoComplete="off"
                  onChange={(e) => setName(e.target.value)}
                />
              </FormField>
              {refused && (
                <p className="form-note" role="alert">
                  {refused}
                </p>
              )}
              <Button type="submit" busy={adding.busy}>
                {t('access.passkeys.add')}
              </Button>
            </form>
          )}
        </>
      )}
      {ask && <OwnerConfirmModal ask={ask} onClose={() => setAsk(null)} />}
    </section>
  );
}
