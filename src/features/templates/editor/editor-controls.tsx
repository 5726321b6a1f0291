import { useId, type Dispatch, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { COLOURS, FONTS, FONT_STYLES, LIMITS, STROKE_TYPES, canRedo, canUndo, type AreaStyle, type EditorAction, type EditorState } from './editor-state.ts';

const COLOUR_NAMES = Object.entries(COLOURS) as [string, string][];

/** A control with a label tied by id (a wrapping label would fold the select's value into its name). */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return <div className="field"><label htmlFor={id}>{label}</label>{children(id)}</div>;
}

/** One colour control: the five custom colours as swatches plus a free colour picker. */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <fieldset className="editor-colour">
      <legend>{label}</legend>
      <div className="swatches">
        {COLOUR_NAMES.map(([name, hex]) => (
          <button key={name} type="button" className={`swatch swatch-${name}`} title={name}
            aria-label={`${label} ${name}`} aria-pressed={value.toLowerCase() === hex} onClick={() => onChange(hex)} />
        ))}
        <input type="color" aria-label={`${label} colour`} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </fieldset>
  );
}

/**
 * The editor's controls (organiser-console §2, §5): undo/redo, caption text, font style, font,
 * font size 1–200, stroke type, stroke width ≥ 0, opacity 0–1 by 0.1, rotate ≥ 1, fill and
 * stroke colours. Every change is one editor command.
 */
export function EditorControls({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const s = state.doc.style;
  const set = (patch: Partial<AreaStyle>) => dispatch({ type: 'setStyle', patch });
  /** A labelled number input for one numeric style field; an emptied or unparsable entry changes nothing. */
  const numberInput = (label: string, key: 'fontSize' | 'strokeWidth' | 'opacity' | 'rotate', min: number, max?: number, step = 1) => (
    <Field label={label}>{(id) => (
      <input id={id} type="number" min={min} max={max} step={step} value={s[key]}
        onChange={(e) => { if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) set({ [key]: e.target.valueAsNumber }); }} />
    )}</Field>
  );
  /** A labelled select for one text style field: `options` are both the values and their visible texts (organiser-console §4). */
  const selectInput = <K extends 'fontStyle' | 'fontFamily' | 'strokeType'>(label: string, key: K, options: readonly AreaStyle[K][]) => (
    <Field label={label}>{(id) => (
      <select id={id} value={s[key]} onChange={(e) => set({ [key]: e.target.value as AreaStyle[K] })}>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    )}</Field>
  );
  return (
    <div className="editor-controls">
      <div className="editor-history" role="group" aria-label="History">
        <Button variant="secondary" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })} title="Undo (Ctrl+Z)">Undo</Button>
        <Button variant="secondary" disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })} title="Redo (Ctrl+Shift+Z or Ctrl+Y)">Redo</Button>
        <Button variant="secondary" disabled={!state.doc.area} onClick={() => dispatch({ type: 'setArea', area: null })}>Clear area</Button>
      </div>
      <Field label="Text">{(id) => <input id={id} value={s.text} maxLength={60} onChange={(e) => set({ text: e.target.value })} />}</Field>
      <div className="form-row">
        {selectInput('Font style', 'fontStyle', FONT_STYLES)}
        {selectInput('Font', 'fontFamily', FONTS)}
        {numberInput('Font size', 'fontSize', LIMITS.fontSize.min, LIMITS.fontSize.max)}
      </div>
      <div className="form-row">
        {selectInput('Stroke type', 'strokeType', STROKE_TYPES)}
        {numberInput('Stroke width', 'strokeWidth', LIMITS.strokeWidth.min)}
        {numberInput('Opacity', 'opacity', LIMITS.opacity.min, LIMITS.opacity.max, LIMITS.opacity.step)}
        {numberInput('Rotate', 'rotate', LIMITS.rotate.min, LIMITS.rotate.max)}
      </div>
      <ColourField label="Fill" value={s.fill} onChange={(fill) => set({ fill })} />
      <ColourField label="Stroke" value={s.stroke} onChange={(stroke) => set({ stroke })} />
    </div>
  );
}
