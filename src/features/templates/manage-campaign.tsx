import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { t } from '../../lib/i18n.ts';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import * as api from './api.ts';

/** The template wizard (the template editor's screen chunk), fetched when Add or Edit is first pressed. */
const AddTemplate = lazy(() => import('./add-template.tsx'));

/**
 * The manage-campaign view (organiser-console §2 "A manage-campaign view can be shown; closing it
 * refreshes the list"; "Add-template route"): a campaign's templates, each with Edit, and Add
 * template, in a modal over the event detail; Add and Edit run the template wizard in it
 * (AddTemplate `embedded`), "Back to templates" returns to the list, reloaded. Closing with
 * unsaved work in the wizard asks first; `onClose` runs when it closes (the caller refreshes
 * its campaign list).
 */
export function ManageCampaign({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const [campaign, setCampaign] = useState<api.WizardCampaign | null>(null);
  const [error, setError] = useState('');
  // The template open in the wizard (0: a new one), or null for the list.
  const [open, setOpen] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const load = useCallback(() => {
    api.getCampaign(campaignId).then(setCampaign, (err) => {
      console.error(err);
      setError(t('campaigns.template.campaignFailed'));
    });
  }, [campaignId]);
  useEffect(load, [load]);
  const back = () => {
    setOpen(null);
    setDirty(false);
    load();
  };
  const templates = campaign?.templates ?? [];

  return (
    <Modal
      title={campaign ? t('campaigns.template.manageNamed', { title: campaign.title }) : t('campaigns.template.manage')}
      size="lg"
      onClose={onClose}
      dirty={dirty}
      footer={<ModalCloseButton />}
    >
      {error ? (
        <p className="muted">{error}</p>
      ) : !campaign ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> {t('app.loading')}
        </p>
      ) : open !== null ? (
        <Suspense fallback={<Loading />}>
          <AddTemplate embedded={{ campaignId, templateId: open, onBack: back, onDirty: setDirty }} />
        </Suspense>
      ) : (
        <section aria-labelledby="manage-templates-heading">
          <div className="wizard-actions">
            <h3 id="manage-templates-heading" className="wizard-heading">
              {t('campaigns.details.templates')}
            </h3>
            {campaign.type === 1 && <Button onClick={() => setOpen(0)}>{t('campaigns.template.add')}</Button>}
          </div>
          {campaign.type !== 1 ? (
            <p className="muted">{t('campaigns.template.imageOnly')}</p>
          ) : templates.length === 0 ? (
            <p className="muted">{t('campaigns.details.noTemplates')}</p>
          ) : (
            <ul className="manage-templates">
              {templates.map((tp, i) => (
                <li key={tp.id}>
                  <img src={tp.path} alt={t('campaigns.details.templateAlt', { number: i + 1 })} loading="lazy" />
                  <Button variant="link" onClick={() => setOpen(tp.id)} aria-label={t('campaigns.details.editTemplate', { number: i + 1 })}>
                    {t('action.edit')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
