import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAction } from '../../components/use-action.ts';
import { runtimeConfig } from '../../lib/config.ts';
import { appLink } from '../../common/campaign-links.ts';
import { TrashIcon } from '../../components/icons.tsx';
import { optionName } from './form-fields.tsx';
import { t } from '../../lib/i18n.ts';
import { fullDate } from './dates.ts';
import { copied, copyText } from '../../lib/copy-text.ts';
import { subdomainPreview } from './campaign-kinds.ts';
import { CampaignSettingsList } from './campaign-settings-list.tsx';
import * as api from './api.ts';

/** The participant payment form opens on demand: a part loaded then. */
const ParticipantPaymentModal = lazyPart(() => import('./participant-payment-modal.tsx').then((m) => m.ParticipantPaymentModal));

/** The campaign form, fetched when first opened (Add Campaign, Edit). */
const CampaignFormModal = lazyPart(() => import('./campaign-form.tsx').then((m) => m.CampaignFormModal));

/** Campaign URL: the client app link; event URL: {subdomain}.{client app host} (organiser-console §4). */
const campaignUrl = (c: api.CampaignDetail) => c.friendly_url || appLink(runtimeConfig().clientAppUrl, c.event_title, c.title);
const eventUrl = (c: api.CampaignDetail) => c.event_url || `https://${subdomainPreview(c.subdomain, runtimeConfig().clientAppHost)}`;

/**
 * The Details tab (organiser-console §2): description, type, full dates, Paid or Free, for an
 * image campaign its app link (the template wizard's Done link, §4) once it has a template, the
 * copy buttons; then every other saved field and Edit (the campaign form with every field of creation);
 * image campaigns add the Add template button and the Templates section; sales campaigns linked
 * to a photo-recognition event add Record participant payment (docs/campaigns.md).
 */
export function DetailsTab({ campaign: c, addTemplateHref, onChanged }: { campaign: api.CampaignDetail; addTemplateHref: string; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const app = appLink(runtimeConfig().clientAppUrl, c.event_title, c.title);
  const [paying, setPaying] = useState(false);
  // Participant payments belong to sales campaigns linked to a photo-recognition event (docs/campaigns.md).
  const recognitionId = Number(c.image_console_id);
  const takesPayments = c.is_sales_event !== 0 && Number.isInteger(recognitionId) && recognitionId > 0;
  const { toast } = useFeedback();
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, run } = useAction();
  const copy = (text: string) =>
    copyText(text).then(
      () => toast.success(copied()),
      () => toast.error(t('campaigns.details.copyByHand', { address: text })),
    );

  const removeTemplate = () => {
    if (deleting !== null)
      void run(() => api.deleteTemplate(deleting), {
        onSuccess: () => {
          setDeleting(null);
          onChanged();
        },
      });
  };

  return (
    <div className="campaign-details">
      <dl className="detail-list">
        <dt>{t('campaigns.details.description')}</dt>
        <dd className="pre-line">{c.description || '—'}</dd>
        <dt>{t('campaigns.details.campaignType')}</dt>
        <dd>{optionName('campaign_type', c.type)}</dd>
        <dt>{t('campaigns.details.startingOn')}</dt>
        <dd>{fullDate(c.start_date)}</dd>
        <dt>{t('campaigns.details.endingOn')}</dt>
        <dd>{fullDate(c.end_date)}</dd>
        <dt>{t('campaigns.details.event')}</dt>
        <dd>{c.is_sales_event ? t('campaigns.details.paid') : t('campaigns.details.free')}</dd>
        {c.type === 1 && (
          <>
            <dt>{t('campaigns.details.appLink')}</dt>
            <dd>
              {c.templates.length > 0 ? (
                <a href={app} target="_blank" rel="noreferrer" data-testid="campaign-app-link">
                  {app}
                </a>
              ) : (
                <span className="muted">{t('campaigns.details.appLinkHint')}</span>
              )}
            </dd>
          </>
        )}
      </dl>
      <CampaignSettingsList campaign={c} />
      <div className="detail-actions">
        <Button onClick={() => setEditing(true)}>{t('action.edit')}</Button>
        <Button variant="secondary" onClick={() => void copy(campaignUrl(c))}>
          {t('campaigns.details.copyCampaignUrl')}
        </Button>
        <Button variant="secondary" onClick={() => void copy(eventUrl(c))}>
          {t('campaigns.details.copyEventUrl')}
        </Button>
        {c.type === 1 && (
          <Link href={addTemplateHref} className="btn btn-primary">
            {t('campaigns.details.addTemplate')}
          </Link>
        )}
        {takesPayments && (
          <Button variant="secondary" onClick={() => setPaying(true)}>
            {t('campaigns.details.recordPayment')}
          </Button>
        )}
      </div>
      {c.type === 1 && (
        <section className="templates-section" aria-labelledby="templates-heading">
          <h3 id="templates-heading">{t('campaigns.details.templates')}</h3>
          {c.templates.length === 0 ? (
            <p className="muted">{t('campaigns.details.noTemplates')}</p>
          ) : (
            <ul className="template-list">
              {c.templates.map((tp, i) => (
                <li key={tp.id} className="template-item">
                  <img src={tp.path} alt={t('campaigns.details.templateAlt', { number: i + 1 })} loading="lazy" />
                  <Link
                    href={`${addTemplateHref}?template_id=${tp.id}`}
                    className="btn btn-link"
                    aria-label={t('campaigns.details.editTemplate', { number: i + 1 })}
                  >
                    {t('action.edit')}
                  </Link>
                  <button
                    type="button"
                    className="icon-button text-danger"
                    aria-label={t('campaigns.details.deleteTemplate', { number: i + 1 })}
                    title={t('action.delete')}
                    onClick={() => setDeleting(tp.id)}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {paying && <ParticipantPaymentModal eventId={recognitionId} slab={c.payment_slab ?? ''} onClose={() => setPaying(false)} />}
      {editing && (
        <CampaignFormModal
          eventId={c.event_id}
          campaign={c}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
      {deleting !== null && (
        <ConfirmModal
          title={t('campaigns.details.deleteTemplateTitle')}
          text={t('campaigns.details.deleteTemplateText')}
          busy={busy}
          onConfirm={removeTemplate}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
