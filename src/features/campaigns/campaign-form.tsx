import '../../lib/messages/campaigns.ts';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useParams } from 'wouter';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useEditLease } from '../../components/use-edit-lease.ts';
import { LeaseBanner, LeaseFields } from '../../components/lease-banner.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import { staleRecord, versionOf, type StaleRecord } from '../../lib/http.ts';
import { campaignAsRecord, campaignConflictFields, campaignPatch } from './campaign-conflict.ts';
import { runtimeConfig } from '../../lib/config.ts';
import { FormField } from './form-fields.tsx';
import { BasicInfo, BibSettings, RecognitionSettings, SalesSettings, type SectionProps } from './campaign-form-sections.tsx';
import { EMPTY_FORM, errorSummary, fieldErrors, formReducer, type FieldName } from './campaign-form-state.ts';
import { searchesPhotos } from './campaign-kinds.ts';
import { formOfCampaign } from './saved-campaign.ts';
import { clearDraft, readDraft, readDraftBase, writeDraft, writeDraftBase } from './campaign-draft.ts';
import { CampaignStepError } from './create-campaign.ts';
import { saveCampaign } from './save-campaign.ts';
import { useSubdomainCheck } from './use-subdomain-check.ts';
import { serverErrors } from '../../components/form-errors.ts';
import * as api from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';
import { t } from '../../lib/i18n.ts';

/** Shown only after a save met someone else's change (412): its own chunk, fetched then. */
const EditConflict = lazyPart(() => import('../../components/edit-conflict.tsx').then((m) => m.EditConflict));

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX = 2 * 1024 * 1024;

/** The API's field names where they differ from the form's (a validation_error lands under its field). */
const SERVER_FIELD: Record<string, FieldName> = { start_date: 'startDate', end_date: 'endDate', slug: 'subdomain', name: 'title' };

/**
 * The Add Campaign modal (organiser-console §2, §3, §5), and Edit Campaign when `campaign` is
 * given. Submit is disabled while a field is invalid, and the reason beside it marks every
 * missing field and focuses the first; a taken subdomain is flagged as it is typed
 * (useSubdomainCheck; on edit the campaign's own subdomain counts as free). On submit the
 * photo-recognition event, its BIB filter and the campaign are created in that order
 * (create-campaign.ts), or updated where they changed (update-campaign.ts), through save-campaign.ts. A validation_error
 * from a step is shown as one toast per field (§8) and under the field; any other failure names
 * the step. What is typed is kept as a draft per organiser and event (campaign-draft.ts) that
 * reopening restores; a successful save clears it. Closing with changes asks first. Edit Campaign
 * holds the campaign's edit lease while open (useEditLease, docs/live.md "Who is editing"): when
 * someone else edits it the form says who (LeaseBanner), its fields are read-only and Save is off
 * until the reader takes over; a take-over by someone else does the same, the typed text kept.
 * Its save sends the campaign's version as If-Match (the ETag of getCampaignDetailById); a save
 * over someone else's newer change (412) keeps the form as typed and shows their campaign above
 * the fields, field by field (EditConflict, campaign-conflict.ts, docs/live.md). An edit's draft
 * keeps the version it was typed over: reopened after someone else saved the campaign, the draft
 * comes back with the stored campaign beside it the same way, before any save.
 */
export function CampaignFormModal({
  eventId,
  campaign,
  onClose,
  onSaved,
}: {
  eventId: number;
  campaign?: api.CampaignDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const organiserId = useParams<{ companyId?: string }>().companyId ?? '';
  const campaignId = campaign?.id ?? null;
  const lease = useEditLease(campaign ? 'campaigns' : undefined, campaignId);
  const saved = useMemo(() => (campaign ? formOfCampaign(campaign) : EMPTY_FORM), [campaign]);
  const [draft] = useState(() => readDraft(organiserId, eventId, campaignId));
  const [state, dispatch] = useReducer(formReducer, undefined, () => ({ form: draft ?? saved, touched: {} }));
  const dirty = JSON.stringify(state.form) !== JSON.stringify(saved);
  // The campaign's version as read (the ETag kept for campaign/{id}): the If-Match of the save.
  const current = campaignId === null ? undefined : versionOf(`campaign/${campaignId}`);
  // A 412 of a save, or a draft typed over an older version than the one read now: the stored
  // campaign beside the form (who changed it is known only from a 412).
  const [conflict, setConflict] = useState<StaleRecord | null>(() => {
    const base = draft && campaign && campaignId !== null ? readDraftBase(organiserId, eventId, campaignId) : null;
    return base && current && base !== current && campaign
      ? { version: Number(current.replace(/\D/g, '')), record: campaign as unknown as Record<string, unknown>, changed_by: null }
      : null;
  });
  useEffect(() => {
    if (dirty) writeDraft(organiserId, eventId, campaignId, state.form);
    else clearDraft(organiserId, eventId, campaignId);
    // The draft is typed over the version read, once the reader has seen any newer one beside it.
    if (dirty && campaignId !== null && current && !conflict) writeDraftBase(organiserId, eventId, campaignId, current);
  }, [dirty, state.form, organiserId, eventId, campaignId, current, conflict]);
  const [slabs, setSlabs] = useState<api.PaymentSlabs | null | 'error'>(null);
  const [logoError, setLogoError] = useState('');
  const [busy, setBusy] = useState(false);
  const [fromServer, setFromServer] = useState<Partial<Record<FieldName, string>>>({});
  const { done, failed, toast } = useFeedback();
  const host = runtimeConfig().clientAppHost;
  const subdomainCheck = useSubdomainCheck(eventId, state.form.subdomain, campaignId);
  const [eventDates, setEventDates] = useState<api.EventDates | null>(null);
  const errors = { ...fromServer, ...fieldErrors(state.form, eventDates) };
  if (!errors.subdomain && subdomainCheck.available === false) errors.subdomain = t('campaigns.form.subdomainTaken');
  const valid = Object.keys(errors).length === 0;
  // A Video campaign searches no photos: its form has no photo-search or BIB settings.
  const photos = searchesPhotos(state.form.campaign_type);

  useEffect(() => {
    api.getPaymentSlabs().then(setSlabs, (err) => {
      console.error(err);
      setSlabs('error');
    });
  }, []);
  // The event's dates bound the campaign's; unknown (the call failed), the server still checks them.
  useEffect(() => {
    api.getEventDates(eventId).then(setEventDates, console.error);
  }, [eventId]);

  const set = (patch: Partial<typeof state.form>) => {
    if (Object.keys(patch).some((k) => k in fromServer)) setFromServer((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
    dispatch({ type: 'set', patch });
  };
  const p: SectionProps = { state, errors, set, touch: (field) => dispatch({ type: 'touch', field }) };

  // Marks every failing field inline (§5: no toast for these) and focuses the first on screen.
  const showMissing = () => {
    const names = Object.keys(errors) as FieldName[];
    for (const field of names) dispatch({ type: 'touch', field });
    const els = names.map((n) => document.getElementById(`campaign-${n}`)).filter((el): el is HTMLElement => el !== null);
    els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    els[0]?.focus();
  };

  const pickLogo = async (file: File | undefined) => {
    setLogoError('');
    if (!file) {
      p.set({ logo: '', logo_name: '' });
      return;
    }
    if (!LOGO_TYPES.includes(file.type)) {
      setLogoError(t('campaigns.form.logoType'));
      return;
    }
    if (file.size > LOGO_MAX) {
      setLogoError(t('campaigns.form.logoSize'));
      return;
    }
    p.set({ logo: await readDataUrl(file), logo_name: file.name });
  };

  const submit = async () => {
    if (!valid || busy || lease.readOnly) return;
    setBusy(true);
    try {
      const message = await saveCampaign(state.form, eventId, host, campaign);
      setConflict(null);
      clearDraft(organiserId, eventId, campaignId);
      done(message);
      onSaved();
    } catch (err) {
      const cause = err instanceof CampaignStepError ? err.cause : err;
      // Someone else saved the campaign since it was read: their campaign beside the form (role=alert), no toast.
      const stale = staleRecord(cause);
      setConflict(stale);
      if (stale) {
        setBusy(false);
        return;
      }
      // In single-day mode both dates are the one Campaign Date.
      const field = (k: string) => (state.form.single_day && (k === 'start_date' || k === 'end_date') ? 'camp_date' : (SERVER_FIELD[k] ?? k));
      const found = Object.entries(serverErrors(cause)).map(([k, m]) => [field(k), m] as const);
      if (found.length) {
        const placed = Object.fromEntries(found.filter(([k]) => k in state.form));
        setFromServer(placed);
        for (const field of Object.keys(placed) as FieldName[]) dispatch({ type: 'touch', field });
        failed(cause);
      } else toast.error((err as Error).message);
      setBusy(false);
    }
  };

  const logo = (
    <FormField
      id="campaign-logo"
      label={t('campaigns.form.logo')}
      error={logoError}
      required
      hint={
        state.form.logo ? (
          <span className="logo-chosen">
            <img src={state.form.logo} alt="" /> {state.form.logo_name}
          </span>
        ) : campaign?.logo.trim() ? (
          <span className="logo-chosen">
            <img src={campaign.logo} alt="" /> {t('campaigns.form.currentLogo')}
          </span>
        ) : undefined
      }
    >
      <input id="campaign-logo" type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => void pickLogo(e.target.files?.[0])} />
    </FormField>
  );

  return (
    <Modal
      title={campaign ? t('campaigns.form.editTitle') : t('campaigns.form.addTitle')}
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
      dirty={dirty}
      footer={
        <>
          {!valid && (
            <button type="button" className="btn btn-link small form-hint" onClick={showMissing}>
              {t('campaigns.form.showThem', { reason: errorSummary(errors) || t('campaigns.form.notReady') })}
            </button>
          )}
          <ModalCloseButton />
          <Button type="submit" busy={busy} disabled={!valid || lease.readOnly}>
            {t('campaigns.form.submit')}
          </Button>
        </>
      }
    >
      {draft && dirty && (
        <p className="draft-note" role="status">
          {t('campaigns.form.draftRestored')}{' '}
          <Button
            variant="link"
            onClick={() => {
              setConflict(null);
              dispatch({ type: 'load', form: saved });
            }}
          >
            {t('campaigns.form.startOver')}
          </Button>
        </p>
      )}
      {campaign && <LeaseBanner lease={lease} />}
      {conflict && (
        <EditConflict
          key={conflict.version}
          conflict={conflict}
          fields={campaignConflictFields()}
          form={campaignAsRecord(state.form)}
          set={(patch) => set(campaignPatch(state.form, patch))}
        />
      )}
      <LeaseFields readOnly={lease.readOnly}>
        <div className="campaign-form">
          <BasicInfo p={p} host={host} logo={logo} event={eventDates} />
          {photos && <RecognitionSettings p={p} />}
          <SalesSettings p={p} slabs={slabs} />
          {photos && <BibSettings p={p} />}
        </div>
      </LeaseFields>
    </Modal>
  );
}
