import { Link } from 'wouter';
import { runtimeConfig } from '../../lib/config.ts';
import { appLink } from '../../common/campaign-links.ts';


/** Step 3: the template is saved; the app link and the way back to the campaign. */
export function DoneStep({ eventName, campaignName, campaignHref }: { eventName: string; campaignName: string; campaignHref: string }) {
  const link = appLink(runtimeConfig().clientAppUrl, eventName, campaignName);
  return (
    <div className="done-step">
      <p className="done-title">The template has been saved.</p>
      <p>App link: <a href={link} target="_blank" rel="noreferrer" data-testid="app-link">{link}</a></p>
      <p><Link href={campaignHref}>Go back to the campaign</Link></p>
    </div>
  );
}
