import { useEffect, useReducer, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { runtimeConfig } from '../../lib/config.ts';
import { FormField } from './form-fields.tsx';
import { BasicInfo, BibSettings, RecognitionSettings, SalesSettings, type SectionProps } from './campaign-form-sections.tsx';
import { bibPayload, campaignPayload, fieldErrors, formReducer, initForm, recognitionPayload } from './campaign-form-state.ts';
import { createCampaignInSteps } from './create-campaign.ts';
import * as api from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX = 2 * 1024 * 1024;

/**
 * The Add Campaign modal (organiser-console §2, §3, §5). Submit is disabled while a field is
 * invalid; on submit the photo-recognition event, its BIB filter and the campaign are created
 * in that order (create-campaign.ts). A failure names the step and keeps what was typed.
 */
export function CampaignFormModal({ eventId, onClose, onCreated }: { eventId: number; onClose: () => void; onCreated: () => void }) {
  const [state, dispatch] = useReducer(formReducer, undefined, initForm);
  const [slabs, setSlabs] = useState<api.PaymentSlabs | null | 'error'>(null);
  const [logoError, setLogoError] = useState('');
  const [busy, setBusy] = useState(false);
  const { done, toast } = useFeedback();
  const host = runtimeConfig().clientAppHost;
  const errors = fieldErrors(state.form);
  const valid = Object.keys(errors).length === 0;

  useEffect(() => { api.getPaymentSlabs().then(setSlabs, (err) => { console.error(err); setSlabs('error'); }); }, []);

  const p: SectionProps = { state, errors, set: (patch) => dispatch({ type: 'set', patch }), touch: (field) => dispatch({ type: 'touch', field }) };

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
      toast.error((err as Error).message);
      setBusy(false);
    }
  };

  const logo = (
    <FormField id="campaign-logo" label="Logo" error={logoError}
      hint={state.form.logo ? <span className="logo-chosen"><img src={state.form.logo} alt="" /> {state.form.logo_name}</span> : undefined}>
      <input id="campaign-logo" type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => void pickLogo(e.target.files?.[0])} />
    </FormField>
  );

  return (
    <Modal title="Add Campaign" size="lg" onClose={onClose} onSubmit={() => void submit()} footer={
      <>
        {!valid && <span className="muted small form-hint">Fill in the required fields to submit.</span>}
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
