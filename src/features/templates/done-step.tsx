import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { runtimeConfig } from '../../lib/config.ts';
import { appLink } from '../../common/campaign-links.ts';
import { COPIED, copyText } from '../../lib/copy-text.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { Button } from '../../components/button.tsx';

/**
 * Step 3: the template is saved; the app link with Copy link, and the way back to the campaign
 * (`back`, when given, in its place: the manage-campaign view's way back to its templates).
 */
export function DoneStep({ eventName, campaignName, campaignHref, back }: { eventName: string; campaignName: string; campaignHref: string; back?: ReactNode }) {
  const link = appLink(runtimeConfig().clientAppUrl, eventName, campaignName);
  const { toast } = useFeedback();
  const copy = () =>
    copyText(link).then(
      () => toast.success(COPIED),
      () => toast.error(`Copy this address by hand: ${link}`),
    );
  return (
    <div className="done-step">
      <p className="done-title">The template has been saved.</p>
      <div className="done-link">
        <p>
          App link:{' '}
          <a href={link} target="_blank" rel="noreferrer" data-testid="app-link">
            {link}
          </a>
        </p>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      {back || (
        <p>
          <Link href={campaignHref}>Go back to the campaign</Link>
        </p>
      )}
    </div>
  );
}
