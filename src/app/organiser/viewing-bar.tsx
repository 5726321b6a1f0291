import '../../lib/messages/shell.ts';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { readStored } from '../../lib/storage.ts';
import { getOrganiserName } from '../session-api.ts';
import { t, tParts } from '../../lib/i18n.ts';

/**
 * Tells an administrator inside an organiser's console whose console it is ("Viewing: ‹name›")
 * and offers the way back to the organisers list. The name stored when the organiser was opened
 * (organiser-console §2) shows at once; the server's answer replaces it, so a typed address
 * names the right organiser too.
 */
export function ViewingBar({ companyId }: { companyId: string }) {
  const stored = readStored('companyid') === companyId ? readStored('company_name') : null;
  const [name, setName] = useState(stored ?? '');
  useEffect(() => {
    let live = true;
    getOrganiserName(companyId).then((n) => live && setName(n), console.error);
    return () => {
      live = false;
    };
  }, [companyId]);
  return (
    <div className="viewing-bar" role="note">
      <span>{tParts('organiser.viewing', { name: <strong key="name">{name || t('organiser.fallbackName', { id: companyId })}</strong> })}</span>
      <Link href="~/admin/organizers" className="viewing-back">
        {t('organiser.backToOrganizers')}
      </Link>
    </div>
  );
}
