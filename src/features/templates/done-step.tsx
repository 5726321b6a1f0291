import '../../lib/messages/campaigns.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { runtimeConfig } from '../../lib/config.ts';
import { appLink } from '../../common/campaign-links.ts';
import { copied, copyText } from '../../lib/copy-text.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { Button } from '../../components/button.tsx';
import { t, tParts } from '../../lib/i18n.ts';

/**
 * Step 3: the template is saved; the app link with Copy link, and the way back to the campaign
 * (`back`, when given, in its place: the manage-campaign view's way back to its templates).
 */
export function DoneStep({ eventName, campaignName, campaignHref, back }: { eventName: string; campaignName: string; campaignHref: string; back?: ReactNode }) {
  const link = appLink(runtimeConfig().clientAppUrl, eventName, campaignName);
  const { toast } = useFeedback();
  const copy = () =>
    copyText(link).then(
      () => toast.success(copied()),
      () => toast.error(t('campaigns.details.copyByHand', { address: link })),
    );
  return (
    <div className="done-step">
      <p className="done-title">{t('campaigns.template.saved')}</p>
      <div className="done-link">
        <p>
          {tParts('campaigns.template.appLink', {
            link: (
              <a key="l" href={link} target="_blank" rel="noreferrer" data-testid="app-link">
                {link}
              </a>
            ),
          })}
        </p>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('campaigns.template.copyLink')}
        </Button>
      </div>
      {back || (
        <p>
          <Link href={campaignHref}>{t('campaigns.template.goBack')}</Link>
        </p>
      )}
    </div>
  );
}
