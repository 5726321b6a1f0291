import './messages/security.ts';
import { passkeyPageProblem, passkeySiteWords, type PasskeySite } from '../common/passkey-site.ts';
import { t } from './i18n.ts';

/**
 * The note shown instead of a passkey button on the page at `href` (its path `pathname`) when
 * this site's passkeys cannot work there (src/common/passkey-site.ts), in the reader's language;
 * null when they can. Loaded beside the server's answer to GET login/passkey/site
 * (components/passkey-site.tsx), so neither the rules nor their sentences are in the sign-in script.
 */
export function passkeySiteNote(site: PasskeySite, href: string, pathname: string): { why: string; fix: string; open?: string } | null {
  const problem = passkeyPageProblem(href, site);
  return problem ? passkeySiteWords(problem, href, site, pathname, t) : null;
}
