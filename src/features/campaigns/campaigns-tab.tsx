import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { useDeleteImpact } from '../../components/use-delete-impact.ts';
import { useListQuery } from '../../components/use-list-query.ts';
import { NoResults, SearchBox } from '../../components/list-toolbar.tsx';
import { CampaignCard } from './campaign-card.tsx';
import { CAMPAIGN_TYPES } from './campaign-kinds.ts';
import { optionPairs } from './form-fields.tsx';
import { t } from '../../lib/i18n.ts';
import * as api from './api.ts';

/** The campaign form, fetched when first opened (Add Campaign, Edit). */
const CampaignFormModal = lazyPart(() => import('./campaign-form.tsx').then((m) => m.CampaignFormModal));

/**
 * The Campaigns tab of the event detail (organiser-console §2): Add Campaign (the campaign
 * form modal), the campaign cards, or the empty-state image when there are none or the list
 * could not be loaded (§8). A title search and a type filter, kept in the address, narrow the
 * cards. Rendered by the app layer inside the event detail, which plugs in `manage`: the
 * manage-campaign view (§2) a card's Manage opens over the event detail; closing it refreshes
 * the list.
 */
export default function CampaignsTab({
  companyId,
  eventId,
  manage,
}: {
  companyId: number;
  eventId: number;
  manage?: (p: { campaignId: number; onClose: () => void }) => ReactNode;
}) {
  const lq = useListQuery(api.CAMPAIGN_LIST);
  const { params } = lq;
  const loaded = useLoad(() => api.listCampaigns(eventId, params), [eventId, params]);
  const campaigns = loaded.error ? [] : loaded.data;
  const load = loaded.retry;
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<api.Campaign | null>(null);
  const { busy, run } = useAction();
  const impact = useDeleteImpact(deleting ? { campaign_id: deleting.id } : null);

  const remove = () => {
    if (deleting)
      void run(() => api.deleteCampaign(deleting.id), {
        success: t('campaigns.list.deleted'),
        onSuccess: () => {
          setDeleting(null);
          load();
        },
      });
  };

  return (
    <section className="campaigns-tab" aria-label={t('campaigns.list.label')}>
      <div className="campaigns-toolbar">
        <SearchBox lq={lq} label={t('campaigns.list.searchTitle')} />
        <label className="list-filter">
          <span>{t('campaigns.list.type')}</span>
          <select value={lq.query.filters.type ?? ''} onChange={(e) => lq.setFilter('type', e.target.value)}>
            <option value="">{t('list.all')}</option>
            {optionPairs('campaign_type', CAMPAIGN_TYPES).map(([v, name]) => (
              <option key={v} value={v}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => setAdding(true)}>{t('campaigns.list.add')}</Button>
      </div>
      {campaigns === null ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> {t('campaigns.list.loading')}
        </p>
      ) : campaigns.length === 0 && (lq.query.q || lq.query.filters.type) ? (
        <p className="muted">
          <NoResults lq={lq} />
        </p>
      ) : campaigns.length === 0 ? (
        <div className="campaigns-empty">
          <img src="/images/campaigns-empty.svg" alt="" width="220" height="160" />
          <p className="muted">{t('campaigns.list.empty')}</p>
        </div>
      ) : (
        <div className="campaign-grid">
          {campaigns.map((c) => (
            <CampaignCard
              key={c.id}
              campaign={c}
              href={`~/admin/organizer/${companyId}/events/${eventId}/${c.id}`}
              onDelete={() => setDeleting(c)}
              onManage={manage && (() => setManaging(c.id))}
            />
          ))}
        </div>
      )}
      {managing !== null &&
        manage?.({
          campaignId: managing,
          onClose: () => {
            setManaging(null);
            load();
          },
        })}
      {adding && (
        <CampaignFormModal
          eventId={eventId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            load();
          }}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t('campaigns.list.deleteTitle')}
          text={t('campaigns.list.deleteText')}
          detail={impact}
          busy={busy}
          item={{ kind: 'campaign', name: deleting.title }}
          onConfirm={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
