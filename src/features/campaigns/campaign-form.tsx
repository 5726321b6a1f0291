import { useEffect, useReducer, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { runtimeConfig } from '../../lib/config.ts';
import { FormField } from './form-fields.tsx';
import { BasicInfo, BibSettings, RecognitionSettings, SalesSettings, type SectionProps } from './campaign-form-sections.tsx';
import { SUBDOMAIN_TAKEN, bibPayload, campaignPayload, fieldErrors, formReducer, initForm, recognitionPayload, type FieldName } from './campaign-form-state.ts';
import { CampaignStepError, createCampaignInSteps } from './create-campaign.ts';
import { useSubdomainCheck } from './use-subdomain-check.ts';
import { serverErrors } from '../../components/form-errors.ts';
import { WHOOPS } from '../../lib/validators.ts';
import * as api from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX = 2 * 1024 * 1024;

/** The API's field names where they differ from the form's (a validation_error lands under its field). */
const SERVER_FIELD: Record<string, FieldName> = { start_date: 'startDate', end_date: 'endDate', slug: 'subdomain', name: 'title' };

/**
 * The Add Campaign modal (organiser-console §2, §3, §5). Submit is disabled while a field is
 * invalid, and the reason beside it marks every missing field and focuses the first; a taken
 * subdomain is flagged as it is typed (useSubdomainCheck). A validation_error from a step is
 * shown as one toast per field (§8) and under the field. On submit the photo-recognition event, its BIB filter and the campaign are created
 * in that order (create-campaign.ts). A failure names the step and keeps what was typed.
 */
export function CampaignFormModal({ eventId, onClose, onCreated }: { eventId: number; onClose: () => void; onCreated: () => void }) {
  const [state, dispatch] = useReducer(formReducer, undefined, initForm);
  const [slabs, setSlabs] = useState<api.PaymentSlabs | null | 'error'>(null);
  const [logoError, setLogoError] = useState('');
  const [busy, setBusy] = useState(false);
  const [fromServer, setFromServer] = useState<Partial<Record<FieldName, string>>>({});
  const { done, failed, toast } = useFeedback();
  const host = runtimeConfig().clientAppHost;
  const subdomainCheck = useSubdomainCheck(eventId, state.form.subdomain);
  const errors = { ...fromServer, ...fieldErrors(state.form) };
  if (!errors.subdomain && subdomainCheck.available === false) errors.subdomain = SUBDOMAIN_TAKEN;
  const valid = Object.keys(errors).length === 0;

  useEffect(() => { api.getPaymentSlabs().then(setSlabs, (err) => { console.error(err); setSlabs('error'); }); }, []);

  const set = (patch: Partial<typeof state.form>) => {
    if (Object.keys(patch).some((k) => k in fromServer)) setFromServer((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
    dispatch({ type: 'set', patch });
  };
  const p: SectionProps = { state, errors, set, touch: (field) => dispatch({ type: 'touch', field }) };

  // Marks every failing field, says so in the spec's Whoops toast and focuses the first on screen.
  const showMissing = () => {
    const names = Object.keys(errors) as FieldName[];
    for (const field of names) dispatch({ type: 'touch', field });
    const els = names.map((n) => document.getElementById(`campaign-${n}`)).filter((el): el is HTMLElement => el !== null);
    els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    if (names.length) toast.error(errors[names[0]]!, WHOOPS);
    els[0]?.focus();
  };

  const pickLogo = async (file: File | undefined) => {
    setLogoError('');
    if (!file) { p.set({ logo: '', logo_name: '' }); return; }
    if (!LOGO_TYPES.includes(file.type)) { setLogoError('Choose a PNG, JPEG or WebP image.'); return; }
    if (file.size > LOGO_MAX) { setLogoError('The logo may not be larger than 2 MB.'); return; }
    p.set({ logo: await readDataUrl(file), logo_name: file.name });
  };

  const submit = async () => {
    if (!valid || busy) return;
    const f = state.form;
    setBusy(true);
    try {
      await createCampaignInSteps({
        createRecognitionEvent: () => api.createRecognitionEvent(recognitionPayload(f)),
        saveBibFilter: (id) => api.saveBibFilter(id, bibPayload(f)),
        createCampaign: async (id) => (await api.createCampaign(campaignPayload(f, eventId, id, host))).data.id,
        findCampaign: (id) => api.findCampaignByRecognitionId(eventId, id),
        deleteRecognitionEvent: (id) => api.deleteRecognitionEvent(id),
      });
      done('Campaign created successfully.');
      onCreated();
    } catch (err) {
      const cause = err instanceof CampaignStepError ? err.cause : err;
      const found = Object.entries(serverErrors(cause)).map(([k, m]) => [SERVER_FIELD[k] ?? k, m] as const);
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
    <FormField id="campaign-logo" label="Logo" error={logoError} required
      hint={state.form.logo ? <span className="logo-chosen"><img src={state.form.logo} alt="" /> {state.form.logo_name}</span> : undefined}>
      <input id="campaign-logo" type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => void pickLogo(e.target.files?.[0])} />
    </FormField>
  );

  return (
    <Modal title="Add Campaign" size="lg" onClose={onClose} onSubmit={() => void submit()} footer={
      <>
        {!valid && <button type="button" className="btn btn-link small form-hint" onClick={showMissing}>Some required fields are empty: show them</button>}
        <Button variant="secondary" onClick={onClose}>Close</Button>
        <Button type="submit" busy={busy} disabled={!valid}>Submit</Button>
      </>
    }>
      <div className="campaign-form">
        <BasicInfo p={p} host={host} logo={logo} />
        <RecognitionSettings p={p} />
        <SalesSettings p={p} slabs={slabs} />
        <BibSettings p={p} />
      </div>
    </Modal>
  );
}
