import '../../lib/messages/sweep.ts';
import '../../lib/messages/access.ts';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/button.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { HttpError } from '../../lib/http.ts';
import { UNLOCK_LINK_MESSAGES } from '../../common/two-step.ts';
import { unlockTwoStep } from './api.ts';
import { t } from '../../lib/i18n.ts';

type LinkProblem = keyof typeof UNLOCK_LINK_MESSAGES;
/** What the page says of a link that does not work, by its state (common/two-step.ts UNLOCK_LINK_MESSAGES, in the reader's language). */
const UNLOCK_KEYS = { used: 'sweep.unlock.used', expired: 'sweep.unlock.expired', invalid: 'sweep.unlock.invalid' } as const satisfies Record<
  LinkProblem,
  string
>;
/** What the page shows: the question, the answer, or why the link does not work. */
type View = { kind: 'ask' } | { kind: 'done'; message: string } | { kind: 'broken'; state: LinkProblem } | { kind: 'failed'; message: string };

/**
 * The page an unlock link opens (/unlock-two-step#token; docs/security.md "Second step locked"):
 * after 10 wrong sign-in codes in a row the account's codes are locked and its owner e-mailed
 * this link. The token comes from the URL fragment, which browsers never send to a server, and
 * is then taken out of the address bar. Nothing happens until the owner presses "Unlock sign-in
 * codes" (a mail scanner that opens the link unlocks nothing); a used, expired or changed link
 * says so in plain words.
 */
export default function UnlockTwoStepScreen() {
  useDocumentTitle(t('access.unlock.title'));
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [view, setView] = useState<View>(() => (token ? { kind: 'ask' } : { kind: 'broken', state: 'invalid' }));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (window.location.hash) history.replaceState(history.state, '', window.location.pathname);
  }, []);

  async function unlock(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setView({ kind: 'done', message: (await unlockTwoStep(token)).message });
    } catch (err) {
      const state = err instanceof HttpError ? (err.body?.data as { state?: LinkProblem } | null)?.state : undefined;
      setView(
        state && state in UNLOCK_LINK_MESSAGES
          ? { kind: 'broken', state }
          : { kind: 'failed', message: err instanceof HttpError ? err.message : t('access.auth.tryAgain') },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={unlock} noValidate aria-labelledby="unlock-title">
        <div className="auth-brand">{t('app.brand')}</div>
        <h1 id="unlock-title">{t('access.unlock.title')}</h1>
        {view.kind === 'done' ? (
          <p className="form-note" role="status">
            {view.message}
          </p>
        ) : view.kind === 'broken' ? (
          <p className="form-note" role="alert">
            {t(UNLOCK_KEYS[view.state])}
          </p>
        ) : (
          <>
            <p className="muted">{t('access.unlock.intro')}</p>
            {view.kind === 'failed' && (
              <p className="form-note" role="alert">
                {view.message}
              </p>
            )}
            <Button type="submit" busy={busy} className="btn-block" autoFocus>
              {t('access.unlock.title')}
            </Button>
          </>
        )}
        <p className="auth-alt">
          <Link href="/login">{view.kind === 'done' ? t('login.title') : t('access.auth.backToSignIn')}</Link>
        </p>
      </form>
    </main>
  );
}
