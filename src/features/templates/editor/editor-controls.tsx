import '../../../lib/messages/editor.ts';
import { useId, type Dispatch, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import type { MessageKey } from '../../../common/i18n/catalogs/en.ts';
import { t } from '../../../lib/i18n.ts';
import { COLOURS, FONTS, FONT_STYLES, LIMITS, STROKE_TYPES, canRedo, canUndo, type AreaStyle, type EditorAction, type EditorState } from './editor-state.ts';

const COLOUR_NAMES = Object.entries(COLOURS) as [keyof typeof COLOURS, string][];

/** The catalog keys of the colour names and of the font and stroke style options (the stored values stay as they are). */
const COLOUR_KEYS: Record<keyof typeof COLOURS, MessageKey> = {
  black: 'campaigns.editor.colour.black',
  white: 'campaigns.editor.colour.white',
  orange: 'campaigns.editor.colour.orange',
  grey: 'campaigns.editor.colour.grey',
  red: 'campaigns.editor.colour.red',
};
const STYLE_KEYS: Record<string, MessageKey> = {
  normal: 'campaigns.editor.style.normal',
  bold: 'campaigns.editor.style.bold',
  italic: 'campaigns.editor.style.italic',
  dot: 'campaigns.editor.style.dot',
  dash: 'campaigns.editor.style.dash',
};
/** An option's words in the reader's language (a font's name as it is). */
const optionText = (o: string) => (STYLE_KEYS[o] ? t(STYLE_KEYS[o]) : o);

/** A control with a label tied by id (a wrapping label would fold the select's value into its name), and an optional hint under it tied by aria-describedby. */
function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string, hintId?: string) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hint ? hintId : undefined)}
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/**
 * One colour control: the spec's five custom colours as swatches, each with its name shown
 * under it, as its title, and in its accessible name ("Fill black"), plus a free colour picker.
 */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <fieldset className="editor-colour">
      <legend>{label}</legend>
      <div className="swatches">
        {COLOUR_NAMES.map(([name, hex]) => (
          <button
            key={name}
            type="button"
            className="swatch"
            title={t('campaigns.editor.swatchTitle', { control: label, colour: t(COLOUR_KEYS[name]), hex })}
            aria-label={t('campaigns.editor.swatchLabel', { control: label, colour: t(COLOUR_KEYS[name]) })}
            aria-pressed={value.toLowerCase() === hex}
            onClick={() => onChange(hex)}
          >
            <span className={`swatch-dot swatch-${name}`} aria-hidden="true" />
            <span className="swatch-name" aria-hidden="true">
              {t(COLOUR_KEYS[name])}
            </span>
          </button>
        ))}
        <input
          type="color"
          aria-label={t('campaigns.editor.anyColourLabel', { control: label })}
          title={t('campaigns.editor.anyColourTitle', { control: label })}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </fieldset>
  );
}

/**
 * The editor's controls (organiser-console §2, §5): undo/redo, caption text, font style, font,
 * font size 1–200, stroke type, stroke width ≥ 0, opacity 0–1 by 0.1, rotate 1–360 (360 upright,
 * said by a hint), fill and stroke colours. Every change is one editor command.
 */
export function EditorControls({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const s = state.doc.style;
  const set = (patch: Partial<AreaStyle>) => dispatch({ type: 'setStyle', patch });
  /** A labelled number input for one numeric style field; an emptied or unparsable entry changes nothing. */
  const numberInput = (label: string, key: 'fontSize' | 'strokeWidth' | 'opacity' | 'rotate', min: number, max?: number, step = 1, hint?: string) => (
    <Field label={label} hint={hint}>
      {(id, hintId) => (
        <input
          id={id}
          type="number"
          min={min}
          max={max}
          step={step}
          value={s[key]}
          aria-describedby={hintId}
          onChange={(e) => {
            if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) set({ [key]: e.target.valueAsNumber });
          }}
        />
      )}
    </Field>
  );
  /** A labelled select for one text style field: `options` are both the values and their visible texts (organiser-console §4). */
  const selectInput = <K extends 'fontStyle' | 'fontFamily' | 'strokeType'>(label: string, key: K, options: readonly AreaStyle[K][]) => (
    <Field label={label}>
      {(id) => (
        <select id={id} value={s[key]} onChange={(e) => set({ [key]: e.target.value as AreaStyle[K] })}>
          {options.map((o) => (
            <option key={o} value={o}>
              {optionText(o)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <div className="editor-controls">
      <div className="editor-history" role="group" aria-label={t('campaigns.editor.history')}>
        <Button variant="secondary" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })} title={t('campaigns.editor.undoTitle')}>
          {t('campaigns.editor.undo')}
        </Button>
        <Button variant="secondary" disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })} title={t('campaigns.editor.redoTitle')}>
          {t('campaigns.editor.redo')}
        </Button>
        <Button variant="secondary" disabled={!state.doc.area} onClick={() => dispatch({ type: 'setArea', area: null })}>
          {t('campaigns.editor.clearArea')}
        </Button>
      </div>
      <Field label={t('campaigns.editor.text')}>
        {(id) => <input id={id} value={s.text} maxLength={60} onChange={(e) => set({ text: e.target.value })} />}
      </Field>
      <div className="form-row">
        {selectInput(t('campaigns.editor.fontStyle'), 'fontStyle', FONT_STYLES)}
        {selectInput(t('campaigns.editor.font'), 'fontFamily', FONTS)}
        {numberInput(t('campaigns.editor.fontSize'), 'fontSize', LIMITS.fontSize.min, LIMITS.fontSize.max)}
      </div>
      <div className="form-row">
        {selectInput(t('campaigns.editor.strokeType'), 'strokeType', STROKE_TYPES)}
        {numberInput(t('campaigns.editor.strokeWidth'), 'strokeWidth', LIMITS.strokeWidth.min)}
        {numberInput(t('campaigns.editor.opacity'), 'opacity', LIMITS.opacity.min, LIMITS.opacity.max, LIMITS.opacity.step)}
        {numberInput(t('campaigns.editor.rotate'), 'rotate', LIMITS.rotate.min, LIMITS.rotate.max, 1, t('campaigns.editor.rotateHint'))}
      </div>
      <ColourField label={t('campaigns.editor.fill')} value={s.fill} onChange={(fill) => set({ fill })} />
      <ColourField label={t('campaigns.editor.stroke')} value={s.stroke} onChange={(stroke) => set({ stroke })} />
    </div>
  );
}
