import { Link } from 'wouter';
import { runtimeConfig } from '../../lib/config.ts';

/** The app link of organiser-console §4: base client URL, /login, event_name and campaign_name. */
export const appLink = (eventName: string, campaignName: string) =>
  `${runtimeConfig().clientAppUrl.replace(/\/$/, '')}/login?event_name=${encodeURIComponent(eventName)}&campaign_name=${encodeURIComponent(campaignName)}`;

/** Step 3: the template is saved; the app link and the way back to the campaign. */
export function DoneStep({ eventName, campaignName, campaignHref }: { eventName: string; campaignName: string; campaignHref: string }) {
  const link = appLink(eventName, campaignName);
  return (
    <div className="done-step">
      <p className="done-title">The template has been saved.</p>
      <p>App link: <a href={link} target="_blank" rel="noreferrer" data-testid="app-link">{link}</a></p>
      <p><Link href={campaignHref}>Go back to the campaign</Link></p>
    </div>
  );
}
