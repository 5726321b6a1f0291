import '../../lib/messages/tokens.ts';
import { useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { Modal } from '../../components/modal.tsx';
import { required } from '../../lib/validators.ts';
import { t } from '../../lib/i18n.ts';
import { API_SCOPES, MAX_TOKEN_DAYS, TOKEN_NAME_MAX } from '../../common/api-tokens.ts';
import * as api from './tokens-api.ts';

const DAY_MS = 86_400_000;
/** The UTC day `days` from today, YYYY-MM-DD (the API judges expiry days in UTC). */
const dayAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The scopes as a grid: each resource with its read scope and, when it has one, its write scope (src/common/api-tokens.ts). */
const GRID: readonly { resource: string; read: string; write?: string }[] = [...new Set(API_SCOPES.map((s) => s.split(':')[0]))].map((resource) => ({
  resource,
  read: `${resource}:read`,
  write: API_SCOPES.includes(`${resource}:write`) ? `${resource}:write` : undefined,
}));

/**
 * My account → API tokens → New token (docs/integrations.md "API tokens"): a name, the scopes
 * (read / write per resource, checkboxes) and the expiry day (90 days ahead by default, at most
 * a year). The token made is shown once in a dialog with Copy (CopyTokenModal); `made` reloads the list.
 */
export function TokenForm({ made }: { made: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set());
  const [expires, setExpires] = useState(() => dayAhead(90));
  const [shown, setShown] = useState<api.CreatedToken | null>(null);
  const form = useFormErrors();
  const creating = useAction();
  const scopesField = form.field('scopes');
  const toggle = (scope: string, on: boolean) => {
    scopesField.onEdit();
    setScopes((s) => {
      const next = new Set(s);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (
      form.check({
        name: required(name, t('tokens.nameLabel')),
        scopes: scopes.size ? undefined : t('tokens.pickScope'),
        expires_at: required(expires, t('tokens.expiresLabel')),
      })
    )
      return;
    const chosen = API_SCOPES.filter((s) => scopes.has(s));
    void creating.run(() => api.createToken(name.trim(), chosen, expires), {
      success: () => t('tokens.made'),
      onSuccess: (r) => {
        setShown(r.data);
        setName('');
        setScopes(new Set());
        made();
      },
      onError: (err) => {
        form.fromServer(err);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="token-form">
      <h3>{t('tokens.newTitle')}</h3>
      <FormField bind={form.field('name')} label={t('tokens.nameLabel')} required>
        <input
          name="token_name"
          value={name}
          maxLength={TOKEN_NAME_MAX}
          placeholder={t('tokens.namePlaceholder')}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <fieldset className="token-scopes" id={scopesField.id} aria-describedby={scopesField.error ? scopesField.errorId : undefined}>
        <legend>{t('tokens.scopesLabel')}</legend>
        <table className="table">
          <thead>
            <tr>
              <th>{t('tokens.resource')}</th>
              <th>{t('tokens.read')}</th>
              <th>{t('tokens.write')}</th>
            </tr>
          </thead>
          <tbody>
            {GRID.map((g) => (
              <tr key={g.resource}>
                <td>
                  {t('tokens.resourceName', { resource: g.resource })} <code>{g.resource}</code>
                </td>
                <td>
                  <input
                    type="checkbox"
                    name="scopes"
                    value={g.read}
                    checked={scopes.has(g.read)}
                    aria-label={t('tokens.readOf', { resource: g.resource })}
                    onChange={(e) => toggle(g.read, e.target.checked)}
                  />
                </td>
                <td>
                  {g.write && (
                    <input
                      type="checkbox"
                      name="scopes"
                      value={g.write}
                      checked={scopes.has(g.write)}
                      aria-label={t('tokens.writeOf', { resource: g.resource })}
                      onChange={(e) => toggle(g.write!, e.target.checked)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {scopesField.error && (
          <small className="field-error" id={scopesField.errorId}>
            {scopesField.error}
          </small>
        )}
      </fieldset>
      <FormField bind={form.field('expires_at')} label={t('tokens.expiresLabel')} hint={t('tokens.expiresHint')} required>
        <input type="date" name="expires_at" value={expires} min={dayAhead(1)} max={dayAhead(MAX_TOKEN_DAYS)} onChange={(e) => setExpires(e.target.value)} />
      </FormField>
      <Button type="submit" busy={creating.busy}>
        {t('tokens.create')}
      </Button>
      {shown && <CopyTokenModal token={shown} onClose={() => setShown(null)} />}
    </form>
  );
}

/** The copy-once dialog: the new token's secret, selectable, with Copy; closing it forgets the secret. */
function CopyTokenModal({ token, onClose }: { token: api.CreatedToken; onClose: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const copy = () =>
    navigator.clipboard.writeText(token.token).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  return (
    <Modal title={t('tokens.copyTitle')} onClose={onClose} footer={<Button onClick={onClose}>{t('tokens.done')}</Button>}>
      <p>{t('tokens.copyLead', { name: token.name })}</p>
      <div className="field">
        <div className="field-label">
          <label htmlFor={`${id}-secret`}>{t('tokens.secretLabel')}</label>
        </div>
        <div className="token-secret">
          <input id={`${id}-secret`} readOnly value={token.token} data-testid="token-secret" onFocus={(e) => e.target.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {t('tokens.copy')}
          </Button>
        </div>
      </div>
      <p className="muted small" role="status">
        {copied === 'yes' ? t('tokens.copied') : copied === 'no' ? t('tokens.copyFailed') : ''}
      </p>
    </Modal>
  );
}
