import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import clsx from 'clsx';
import { PageHeader } from '../../components/page-header.tsx';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { t } from '../../lib/i18n.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { useAction } from '../../components/use-action.ts';
import { ChooseStep, type ChosenImage } from './choose-step.tsx';
import type { Proposal } from './define-step.tsx';
import { editorReducer, initEditor, templateJson, type EditorAction, type EditorState } from './editor/editor-state.ts';
import { clearWizardDraft, imageOf, readWizardDraft, reopenTemplate, writeWizardDraft } from './saved-template.ts';
import * as api from './api.ts';
import { Loading } from '../../components/loading.tsx';

/**
 * The editor step (the canvas, its drawing and geometry, the controls) is a chunk of its own: the
 * screen paints its first step without it and fetches it right after (AddTemplate's first effect),
 * so it is there by the time an image is chosen.
 */
const loadDefineStep = () => import('./define-step.tsx');
const DefineStep = lazy(() => loadDefineStep().then((m) => ({ default: m.DefineStep })));
/** The last step (saved), a chunk of its own too, fetched with the editor step. */
const loadDoneStep = () => import('./done-step.tsx');
const DoneStep = lazy(() => loadDoneStep().then((m) => ({ default: m.DoneStep })));

/** The wizard's steps (catalog keys of their names). */
const STEPS = ['campaigns.template.stepChoose', 'campaigns.template.stepDefine', 'campaigns.template.stepDone'] as const satisfies readonly MessageKey[];
type Step = 0 | 1 | 2;

/** The template call for the current editor document, or null when a position is missing (§5). */
export function templatePayload(chosen: ChosenImage | null, editor: EditorState | null, campaignId: number): api.TemplatePayload | null {
  const a = editor?.doc.area;
  const values = [a?.x, a?.y, a?.width, a?.height, chosen?.width, chosen?.height];
  if (!chosen || !editor || !a || values.some((v) => v === undefined || v === null || !Number.isFinite(v)) || !a.width || !a.height) return null;
  return {
    template_json: templateJson(editor.doc),
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    template_width: chosen.width,
    template_height: chosen.height,
    image: chosen.dataUrl,
    campaign_id: campaignId,
  };
}

/**
 * The wizard run inside the manage-campaign view rather than on its own page: the campaign and
 * template (0 for a new one) it works on, `onBack` to return to the view's template list, and
 * `onDirty` told whether there is unsaved work (the view's modal asks before closing then).
 */
export interface EmbeddedWizard {
  campaignId: number;
  templateId: number;
  onBack: () => void;
  onDirty: (dirty: boolean) => void;
}

/**
 * The template wizard (organiser-console §2 "Add-template route", "Campaign creation wizard";
 * §4 "Template wizard"): Choose Template -> Define Transparent Area -> Done. Mounted at
 * events/{event}/{campaign}/add-template, and at template-generator?campaign_id= ; with
 * `embedded`, inside the manage-campaign view (manage-campaign.tsx) without its page header.
 * With ?template_id=N a saved template reopens on the editor step and saving moves its area.
 * A new template's image and area are kept as a draft per organiser and event that reopening
 * restores; leaving with unsaved work asks first. This screen is a lazy chunk; its editor and last steps are others, fetched once the first step has painted.
 */
export default function AddTemplate({ embedded }: { embedded?: EmbeddedWizard } = {}) {
  const params = useParams<{ companyId?: string; eventId?: string; campaignId?: string }>();
  const [search] = useSearchParams();
  const campaignId = embedded ? embedded.campaignId : Number(params.campaignId ?? search.get('campaign_id'));
  const templateId = embedded ? embedded.templateId : Number(search.get('template_id') ?? 0);
  const organiserId = params.companyId ?? '';
  const saved = useRef('');
  const [campaign, setCampaign] = useState<api.WizardCampaign | null>(null);
  const [loadError, setLoadError] = useState('');
  const [step, setStep] = useState<Step>(0);
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The area found in the chosen image's transparency (area null: none found). */
  const [proposal, setProposal] = useState<({ image: ChosenImage } & Proposal) | null>(null);
  useEffect(() => {
    void loadDefineStep();
    void loadDoneStep();
  }, []);
  const { busy, run } = useAction();
  const { toast } = useFeedback();
  const dispatch = useCallback((a: EditorAction) => setEditor((s) => (s ? editorReducer(s, a) : s)), []);

  useEffect(() => {
    if (!Number.isInteger(campaignId) || campaignId <= 0) {
      setLoadError(t('campaigns.template.openCampaign'));
      return;
    }
    api.getCampaign(campaignId).then(setCampaign, (err) => {
      console.error(err);
      setLoadError(t('campaigns.template.campaignFailed'));
    });
  }, [campaignId]);

  const eventId = params.eventId ?? String(campaign?.event_id ?? '');
  // Under another event's address the campaign is not there (its breadcrumb would lie).
  const misplaced = campaign !== null && params.eventId !== undefined && campaign.event_id !== Number(params.eventId);
  // Reopen a saved template, or restore this campaign's draft, once the campaign is known.
  useEffect(() => {
    if (!campaign) return;
    const open = (c: ChosenImage, e: EditorState) => {
      setChosen(c);
      setEditor(e);
      setStep(1);
    };
    if (templateId > 0) {
      reopenTemplate(templateId).then(
        (r) => {
          saved.current = templateJson(r.editor.doc);
          open(r.chosen, r.editor);
        },
        (err) => {
          console.error(err);
          setLoadError(t('campaigns.template.templateFailed'));
        },
      );
      return;
    }
    const draft = readWizardDraft(organiserId, eventId, campaignId);
    if (draft)
      void imageOf(draft.dataUrl, draft.name).then(
        (c) => open(c, initEditor({ width: c.width, height: c.height }, draft.doc.area, draft.doc.style)),
        () => undefined,
      );
  }, [campaign, templateId, organiserId, eventId, campaignId]);
  const dirty = step < 2 && !!chosen && !!editor && (templateId > 0 ? templateJson(editor.doc) !== saved.current : true);
  const onDirty = embedded?.onDirty;
  useEffect(() => {
    onDirty?.(dirty);
  }, [dirty, onDirty]);
  useEffect(() => {
    if (templateId > 0 || step === 2 || !chosen || !editor || !campaign) return;
    writeWizardDraft(organiserId, eventId, campaignId, { dataUrl: chosen.dataUrl, name: chosen.name, doc: editor.doc });
  }, [templateId, step, chosen, editor, campaign, organiserId, eventId, campaignId]);
  const campaignHref = `/events/${eventId}/${campaignId}`;
  const heading = templateId > 0 ? t('campaigns.template.edit') : t('campaigns.template.add');
  const eventTitle = misplaced ? undefined : campaign?.event_title;
  const campaignTitle = misplaced ? undefined : campaign?.title;
  const choose = (c: ChosenImage | null) => {
    if (!c) clearWizardDraft(organiserId, eventId, campaignId);
    setChosen(c);
    setEditor(c ? initEditor({ width: c.width, height: c.height }) : null);
    setProposal(c ? { image: c, searching: true, area: null } : null);
    // The transparency search (and its worker's address) loads with the first image chosen.
    if (c)
      void import('./editor/propose-area.ts')
        .then(({ proposeArea }) => proposeArea(c.image, c.width, c.height))
        .then((area) => setProposal((p) => (p?.image === c ? { image: c, searching: false, area } : p)));
  };
  // The image's own window becomes the starting area, unless the organiser drew one meanwhile.
  useEffect(() => {
    const area = proposal?.image === chosen ? proposal.area : null;
    if (!area) return;
    setEditor((s) => (s && !s.doc.area && !s.past.length && !s.future.length && !s.gesture ? initEditor(s.bounds, area, s.doc.style) : s));
  }, [proposal, chosen]);
  const next = () => {
    if (step === 0 && chosen) {
      setStep(1);
      return;
    }
    if (step === 1) {
      if (!templatePayload(chosen, editor, campaignId)) {
        toast.error(t('campaigns.template.missingPositions'));
        return;
      }
      setConfirming(true);
    }
  };
  const save = () => {
    const payload = templatePayload(chosen, editor, campaignId);
    // organiser-console §8: the server's message is the success toast (run's default).
    if (payload)
      void run<unknown>(() => (templateId > 0 ? api.updateTemplate(templateId, payload) : api.saveTemplate(payload)), {
        onSuccess: () => {
          clearWizardDraft(organiserId, eventId, campaignId);
          setConfirming(false);
          setStep(2);
        },
      });
  };

  return (
    <>
      {!embedded && (
        <PageHeader
          title={heading}
          crumbs={[
            { label: t('nav.home'), href: `~/admin/organizer/${params.companyId ?? ''}` },
            { label: t('campaigns.detail.events'), href: '/events' },
            {
              label: eventTitle ? t('campaigns.detail.eventDetailNamed', { name: eventTitle }) : t('campaigns.detail.eventDetail'),
              href: `/events/${eventId}`,
            },
            { label: campaignTitle ? t('campaigns.detail.titleNamed', { name: campaignTitle }) : t('campaigns.detail.title'), href: campaignHref },
            { label: heading },
          ]}
        />
      )}
      {embedded && <h3 className="wizard-heading">{heading}</h3>}
      <div className="card template-wizard" data-form="template-wizard">
        {loadError ? (
          <p className="muted">
            {loadError} <Link href="/events">{t('campaigns.detail.events')}</Link>
          </p>
        ) : !campaign ? (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> {t('app.loading')}
          </p>
        ) : misplaced ? (
          <p className="muted" data-testid="not-found">
            {t('campaigns.detail.noSuchCampaign')} <Link href={`/events/${eventId}`}>{t('campaigns.detail.backToEvent')}</Link>
          </p>
        ) : campaign.type !== 1 ? (
          <p className="muted">
            {t('campaigns.template.imageOnly')} <Link href={campaignHref}>{t('campaigns.template.backToCampaign')}</Link>
          </p>
        ) : (
          <>
            <ol className="wizard-steps">
              {STEPS.map((label, i) => (
                <li key={label} className={clsx(i === step && 'current', i < step && 'complete')} aria-current={i === step ? 'step' : undefined}>
                  <span className="wizard-step-number">{i + 1}</span> {t(label)}
                </li>
              ))}
            </ol>
            <h2 className="wizard-title">{t(STEPS[step])}</h2>
            {step === 0 && <ChooseStep chosen={chosen} onChosen={choose} />}
            {step === 1 && chosen && editor && (
              <Suspense fallback={<Loading />}>
                <DefineStep chosen={chosen} state={editor} dispatch={dispatch} proposal={proposal?.image === chosen ? proposal : null} />
              </Suspense>
            )}
            {step === 2 && (
              <Suspense fallback={<Loading />}>
                <DoneStep
                  eventName={campaign.event_title}
                  campaignName={campaign.title}
                  campaignHref={campaignHref}
                  back={
                    embedded && (
                      <Button variant="secondary" onClick={embedded.onBack}>
                        {t('campaigns.template.backToTemplates')}
                      </Button>
                    )
                  }
                />
              </Suspense>
            )}
            {step < 2 && (
              <div className="wizard-actions">
                {embedded && (
                  <Button variant="secondary" onClick={embedded.onBack}>
                    {t('campaigns.template.backToTemplates')}
                  </Button>
                )}
                {step === 1 && templateId === 0 && (
                  <Button variant="secondary" onClick={() => setStep(0)}>
                    {t('campaigns.template.back')}
                  </Button>
                )}
                <Button onClick={next} disabled={step === 0 && !chosen}>
                  {t('campaigns.template.next')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {confirming && (
        <ConfirmModal
          title={t('campaigns.template.saveTitle')}
          text={t('campaigns.template.proceed')}
          confirmLabel={t('campaigns.template.yes')}
          danger={false}
          busy={busy}
          onConfirm={() => void save()}
          onClose={() => setConfirming(false)}
        />
      )}
      {!embedded && <LeaveGuard dirty={dirty} />}
    </>
  );
}
