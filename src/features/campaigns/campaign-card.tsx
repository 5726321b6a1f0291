import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { Link } from 'wouter';
import type { Campaign } from './api.ts';
import { TrashIcon } from '../../components/icons.tsx';
import { TypeIcon } from './icons.tsx';
import { optionName } from './form-fields.tsx';
import { t } from '../../lib/i18n.ts';
import { shortDate } from './dates.ts';

/**
 * One campaign card, 280 × 310 px (organiser-console §2, §9): type icon with the kind as a word
 *, delete, the title (cut to one line; the whole title shows on hover and when
 * anything in the card has focus), logo or placeholder, period, View; with `onManage`, image
 * campaigns also offer Manage (the manage-campaign view: its templates and the template wizard
 * over the event detail).
 */
export function CampaignCard({ campaign: c, href, onDelete, onManage }: { campaign: Campaign; href: string; onDelete: () => void; onManage?: () => void }) {
  return (
    <article className="campaign-card" aria-labelledby={`campaign-${c.id}-title`}>
      <header className="campaign-card-head">
        <span className="campaign-type">
          <TypeIcon type={c.type} />
          <span className="campaign-type-name">{optionName('campaign_type', c.type, t('campaigns.type.campaign'))}</span>
        </span>
        <button
          type="button"
          className="icon-button text-danger"
          onClick={onDelete}
          aria-label={t('action.deleteNamed', { name: c.title })}
          title={t('action.delete')}
        >
          <TrashIcon />
        </button>
      </header>
      <h3 id={`campaign-${c.id}-title`} className="campaign-card-title" title={c.title}>
        {c.title}
      </h3>
      <div className="campaign-card-logo">
        {c.logo ? (
          <img src={c.logo} alt={t('campaigns.card.logoAlt', { title: c.title })} loading="lazy" />
        ) : (
          <img className="placeholder" src="/images/campaign-placeholder.svg" alt="" loading="lazy" />
        )}
      </div>
      <p className="campaign-card-period">{t('campaigns.card.period', { start: shortDate(c.start_date), end: shortDate(c.end_date) })}</p>
      <div className="campaign-card-actions">
        <Link href={href} className="btn btn-primary">
          {t('campaigns.card.view')}
        </Link>
        {onManage && c.type === 1 && (
          <button type="button" className="btn btn-secondary" onClick={onManage} aria-label={t('campaigns.card.manageNamed', { title: c.title })}>
            {t('campaigns.card.manage')}
          </button>
        )}
      </div>
    </article>
  );
}
