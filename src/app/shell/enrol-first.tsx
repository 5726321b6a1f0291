import '../../lib/messages/admin.ts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import * as account from '../../features/account/api.ts';
import { TwoStepCard } from '../../features/account/two-step-card.tsx';
import { PasskeysCard } from '../../features/account/passkeys-card.tsx';
import { t } from '../../lib/i18n.ts';

/** The requirement line at the top of the first step. */
export const enrolRequired = () => t('admin.enrol.required');
/** Said in its place once a second step is set up: the menu is there already. */
export const enrolDone = () => t('admin.enrol.done');

/**
 * The first step of a member whose role requires two-step sign-in (docs/security.md "Two-step
 * sign-in"), full width in the shell (no menu yet): the requirement line first, then the two
 * ways to meet it side by side, an authenticator app (two-step-card.tsx) or a passkey
 * (passkeys-card.tsx), each with its button in view. `changed` is called after each change of
 * the user's factors (the shell then asks the server whether the console is open). `done`: a
 * second step is set up and the menu loaded; the line says so and offers the dashboard, while
 * the cards stay (the recovery codes just shown are not taken away); `leave` is called when the
 * user follows its link.
 */
export function EnrolFirst({ changed, done, leave }: { changed: () => void; done: boolean; leave: () => void }) {
  const [status, setStatus] = useState<account.TwoStep | null>(null);
  const load = useCallback(() => account.getTwoStep().then(setStatus, console.error), []);
  useEffect(() => {
    void load();
  }, [load]);
  const after = () => {
    void load();
    changed();
  };
  // The requirement is said once, here at the top: the card's own copy of the line is left out.
  const shown = status && { ...status, required: false };
  return (
    <div className="enrol-first">
      <h1>{done ? t('admin.enrol.titleOn') : t('admin.enrol.titleTurnOn')}</h1>
      {done ? (
        <p className="enrol-first-lead" role="status">
          {enrolDone()}{' '}
          <Link href="~/admin" onClick={leave}>
            {t('admin.enrol.goDashboard')}
          </Link>
        </p>
      ) : (
        <p className="enrol-first-lead" role="alert">
          {enrolRequired()} {t('admin.enrol.chooseWay')}
        </p>
      )}
      <div className="enrol-first-ways">
        <TwoStepCard status={shown} changed={after} />
        <PasskeysCard status={shown} changed={after} />
      </div>
    </div>
  );
}
