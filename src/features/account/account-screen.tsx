import '../../lib/messages/sweep.ts';
import '../../lib/messages/shell.ts';
import { useCallback, useEffect, useState } from 'react';
import { lazyPart } from '../../components/lazy-part.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { required, strongPassword } from '../../lib/validators.ts';
import { useSession } from '../../providers/session.tsx';
import * as api from './api.ts';
import type { SignedInWith } from '../../common/two-step.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { LanguageCard } from './language-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';
import { formatDateTime, t } from '../../lib/i18n.ts';
import type { PasskeyView } from '../../common/contract/admin.ts';

/** How a session was signed in (common/two-step.ts SIGNED_IN_WITH), in the reader's language. */
const SIGNED_IN_KEYS = {
  password: 'sweep.signedInWith.password',
  password_code: 'sweep.signedInWith.password_code',
  password_recovery: 'sweep.signedInWith.password_recovery',
  password_passkey: 'sweep.signedInWith.password_passkey',
  passkey: 'sweep.signedInWith.passkey',
} as const satisfies Record<SignedInWith, MessageKey>;
/** The passkey review (after a password change) opens on demand: a part loaded then. */
const PasskeyReview = lazyPart(() => import('./passkey-review.tsx').then((m) => m.PasskeyReview));
/** A card whose chunk is still on its way: its place in the grid, saying so. */
function LoadingCard() {
  return (
    <section className="card">
      <p className="muted" role="status">
        {t('app.loading')}
      </p>
    </section>
  );
}
/**
 * The Sign-in methods card (authenticator app, recovery codes, passkeys, their catalog area) and the
 * API tokens card are chunks of their own, fetched as the screen first renders and shown loading
 * until they arrive, so the profile, password and sessions paint without them.
 */
const SignInMethodsCard = lazyPart(() => import('./two-step-card.tsx').then((m) => m.SignInMethodsCard), <LoadingCard />);
const ApiTokensCard = lazyPart(() => import('./api-tokens-card.tsx').then((m) => m.ApiTokensCard), <LoadingCard />);

const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

/**
 * My account at /admin/account, for every signed-in user, organisers included:
 * name (editable), e-mail (read-only), Change password (asks for the current one; the other
 * sessions end), and Sessions — each signed-in browser with its browser and OS, address, sign-in
 * and last use, how it signed in, "This browser" marked, Sign out per other row and "Sign out all
 * other sessions", each asked first in a confirmation, the answer's message a toast; Sign-in methods (two-step-card.tsx: the
 * authenticator app, recovery codes and the Passkeys of passkeys-card.tsx in one card with one status line).
 * After a password change or "Sign out all other sessions", the passkeys the answer lists (they
 * still sign in without the password) are shown to remove (passkey-review.tsx). Below, API
 * tokens (api-tokens-card.tsx): make, list and revoke the tokens other systems call the API with.
 */
export default function AccountScreen() {
  const { state, dispatch } = useSession();
  const [account, setAccount] = useState<api.Account | null>(null);
  const [name, setName] = useState('');
  const [pw, setPw] = useState({ current: '', next: '', confirm: '' });
  const [sessions, setSessions] = useState<api.Session[] | null>(null);
  const [twoStep, setTwoStep] = useState<api.TwoStep | null>(null);
  const nameForm = useFormErrors();
  const pwForm = useFormErrors();
  const saving = useAction();
  const changing = useAction();
  const ending = useAction();
  /** The sign-out awaiting confirmation: one other browser's session, or 'others' for all of them. */
  const [asking, setAsking] = useState<api.Session | 'others' | null>(null);
  /** The passkeys to check after a password change or signing the other sessions out. */
  const [review, setReview] = useState<PasskeyView[] | null>(null);
  const reviewOf = (passkeys: PasskeyView[]) => {
    if (passkeys.length) setReview(passkeys);
  };
  const home = state.role === 'company' && state.companyId ? `~/admin/organizer/${state.companyId}` : '~/admin';

  const loadSessions = useCallback(() => api.getSessions().then(setSessions, console.error), []);
  const loadTwoStep = useCallback(() => api.getTwoStep().then(setTwoStep, console.error), []);
  useEffect(() => {
    api.getAccount().then((a) => {
      setAccount(a);
      setName(a.name);
    }, console.error);
    void loadSessions();
    void loadTwoStep();
  }, [loadSessions, loadTwoStep]);

  const saveName = (e: React.FormEvent) => {
    e.preventDefault();
    if (nameForm.check({ name: required(name, t('account.name')) })) return;
    void saving.run(() => api.saveName(name.trim()), {
      onSuccess: (r) => {
        setAccount(r.data);
        dispatch({ type: 'userLoaded', name: r.data.name });
      },
      onError: (err) => {
        nameForm.fromServer(err);
      },
    });
  };

  const changePassword = (e: React.FormEvent) => {
    e.preventDefault();
    if (
      pwForm.check({
        current_password: required(pw.current, t('account.currentPassword')),
        password: required(pw.next, t('account.newPassword')) ?? strongPassword(pw.next),
        password_confirmation: pw.confirm === pw.next ? null : t('sweep.password.mismatch'),
      })
    )
      return;
    void changing.run(() => api.changePassword(pw.current, pw.next, pw.confirm), {
      onSuccess: (r) => {
        setPw({ current: '', next: '', confirm: '' });
        void loadSessions();
        reviewOf(r.data.passkeys);
      },
      onError: (err) => {
        pwForm.fromServer(err);
      },
    });
  };

  // Each sign-out is asked first; its answer's message is the success toast.
  const after = () => {
    setAsking(null);
    void loadSessions();
  };
  const confirmEnd = () => {
    if (asking === 'others')
      void ending.run(() => api.endOtherSessions(), {
        onSuccess: (r) => {
          after();
          reviewOf(r.data.passkeys);
        },
      });
    else if (asking) {
      const id = asking.id;
      void ending.run(() => api.endSession(id), { onSuccess: after });
    }
  };
  const others = (sessions ?? []).filter((s) => !s.current).length;

  return (
    <>
      <PageHeader title={t('account.title')} crumbs={[{ label: t('nav.home'), href: home }, { label: t('account.title') }]} />
      <div className="account-grid">
        <section className="card" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('account.profile')}</h2>
          {!account ? (
            <p className="muted" role="status">
              {t('app.loading')}
            </p>
          ) : (
            <form noValidate onSubmit={saveName}>
              <FormField bind={nameForm.field('name')} label={t('account.name')} required>
                <input name="name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
              </FormField>
              <FormField bind={nameForm.field('email')} label={t('account.email')}>
                <input name="email" type="email" value={account.email} readOnly />
              </FormField>
              <Button type="submit" busy={saving.busy}>
                {t('action.save')}
              </Button>
            </form>
          )}
        </section>
        <section className="card" aria-labelledby="account-password">
          <h2 id="account-password">{t('account.changePassword')}</h2>
          <form noValidate onSubmit={changePassword}>
            <FormField bind={pwForm.field('current_password')} label={t('account.currentPassword')} required>
              <input
                type="password"
                name="current_password"
                autoComplete="current-password"
                value={pw.current}
                onChange={(e) => setPw({ ...pw, current: e.target.value })}
              />
            </FormField>
            <FormField bind={pwForm.field('password')} label={t('account.newPassword')} required>
              <input type="password" name="password" autoComplete="new-password" value={pw.next} onChange={(e) => setPw({ ...pw, next: e.target.value })} />
            </FormField>
            <FormField bind={pwForm.field('password_confirmation')} label={t('account.retypePassword')} required>
              <input
                type="password"
                name="password_confirmation"
                autoComplete="new-password"
                value={pw.confirm}
                onChange={(e) => setPw({ ...pw, confirm: e.target.value })}
              />
            </FormField>
            <p className="muted small">{t('account.passwordHint')}</p>
            <Button type="submit" busy={changing.busy}>
              {t('account.changePassword')}
            </Button>
          </form>
        </section>
        <SignInMethodsCard status={twoStep} changed={() => void loadTwoStep()} />
        <LanguageCard />
        <TimeZoneCard />
      </div>
      <section className="card account-sessions" aria-labelledby="account-sessions">
        <div className="section-head">
          <h2 id="account-sessions">{t('account.sessions')}</h2>
          <Button variant="secondary" busy={ending.busy} disabled={others === 0} onClick={() => setAsking('others')}>
            {t('account.signOutOthers')}
          </Button>
        </div>
        <table className="table">
          <thead>
            <tr>
              <th>{t('account.browser')}</th>
              <th>{t('account.system')}</th>
              <th>{t('account.address')}</th>
              <th>{t('account.signedIn')}</th>
              <th>{t('account.signedInWith')}</th>
              <th>{t('account.lastUsed')}</th>
              <th>
                <span className="sr-only">{t('account.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions === null && (
              <tr>
                <td colSpan={7} className="muted">
                  {t('app.loading')}
                </td>
              </tr>
            )}
            {sessions?.map((s) => (
              <tr key={s.id} data-row-id={s.id}>
                <td>
                  {s.browser}
                  {s.current && (
                    <>
                      {' '}
                      <span className="badge badge-info">{t('account.thisBrowser')}</span>
                    </>
                  )}
                </td>
                <td>{s.os}</td>
                <td>{s.ip || '—'}</td>
                <td>{when(s.created_at)}</td>
                <td>{Object.hasOwn(SIGNED_IN_KEYS, s.signed_in_with) ? t(SIGNED_IN_KEYS[s.signed_in_with]) : s.signed_in_with}</td>
                <td>{when(s.last_used_at)}</td>
                <td>
                  {!s.current && (
                    <Button variant="secondary" onClick={() => setAsking(s)} aria-label={t('account.signOutLabel', { browser: s.browser, os: s.os })}>
                      {t('account.signOut')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ApiTokensCard />
      {asking && (
        <ConfirmModal
          title={t('account.signOut')}
          confirmLabel={t('account.signOut')}
          busy={ending.busy}
          onClose={() => setAsking(null)}
          onConfirm={confirmEnd}
          text={asking === 'others' ? t('account.signOutOthersAsk', { count: others }) : t('account.signOutOneAsk', { browser: asking.browser, os: asking.os })}
        />
      )}
      {review && <PasskeyReview passkeys={review} changed={() => void loadTwoStep()} onClose={() => setReview(null)} />}
    </>
  );
}
