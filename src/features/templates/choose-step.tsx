import '../../lib/messages/campaigns.ts';
import { useState } from 'react';
import { readDataUrl } from '../../lib/read-file.ts';
import { t } from '../../lib/i18n.ts';

/** A template image ready for the editor: its data URL, the decoded image and its own size. */
export interface ChosenImage {
  dataUrl: string;
  image: HTMLImageElement;
  width: number;
  height: number;
  name: string;
}

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 2 * 1024 * 1024;

/** Reads a file as a data URL and decodes it (organiser-console §2 "Choose Template"). */
export async function readImage(file: File): Promise<ChosenImage> {
  const dataUrl = await readDataUrl(file);
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  return { dataUrl, image, width: image.naturalWidth, height: image.naturalHeight, name: file.name };
}

/** Step 1: the template file picker and a preview. Checks type and size before reading. */
export function ChooseStep({ chosen, onChosen }: { chosen: ChosenImage | null; onChosen: (c: ChosenImage | null) => void }) {
  const [error, setError] = useState('');
  const [reading, setReading] = useState(false);
  const pick = async (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      setError(t('campaigns.template.fileType'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(t('campaigns.template.fileSize'));
      return;
    }
    setReading(true);
    try {
      onChosen(await readImage(file));
    } catch {
      setError(t('campaigns.template.fileUnreadable'));
      onChosen(null);
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="choose-step">
      <label className="field">
        <span>
          {t('campaigns.template.field')}{' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </span>
        <input
          type="file"
          accept={TYPES.join(',')}
          onChange={(e) => void pick(e.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={error ? 'template-file-error template-file-help' : 'template-file-help'}
        />
      </label>
      <p id="template-file-help" className="muted">
        {t('campaigns.template.fileHelp')}
      </p>
      {error && (
        <p id="template-file-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {reading && (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> {t('campaigns.template.reading')}
        </p>
      )}
      {chosen && (
        <figure className="template-preview">
          <img src={chosen.dataUrl} alt={t('campaigns.template.chosenAlt')} />
          <figcaption className="muted">
            {t('campaigns.template.chosenSize', { name: chosen.name, width: String(chosen.width), height: String(chosen.height) })}
          </figcaption>
        </figure>
      )}
    </div>
  );
}
