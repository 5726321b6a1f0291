import type { Dispatch } from 'react';
import { Button } from '../../../components/button.tsx';
import { COLOURS, FONTS, FONT_STYLES, LIMITS, STROKE_TYPES, canRedo, canUndo, type AreaStyle, type EditorAction, type EditorState } from './editor-state.ts';

const COLOUR_NAMES = Object.entries(COLOURS) as [string, string][];

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
  const numberInput = (label: string, key: 'fontSize' | 'strokeWidth' | 'opacity' | 'rotate', min: number, max?: number, step = 1) => (
    <label className="field">
      <span>{label}</span>
      <input type="number" min={min} max={max} step={step} value={s[key]}
        onChange={(e) => { if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) set({ [key]: e.target.valueAsNumber }); }} />
    </label>
  );
  return (
    <div className="editor-controls">
      <div className="editor-history" role="group" aria-label="History">
        <Button variant="secondary" disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })} title="Undo (Ctrl+Z)">Undo</Button>
        <Button variant="secondary" disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })} title="Redo (Ctrl+Shift+Z or Ctrl+Y)">Redo</Button>
        <Button variant="secondary" disabled={!state.doc.area} onClick={() => dispatch({ type: 'setArea', area: null })}>Clear area</Button>
      </div>
      <label className="field">
        <span>Text</span>
        <input value={s.text} maxLength={60} onChange={(e) => set({ text: e.target.value })} />
      </label>
      <div className="form-row">
        <label className="field">
          <span>Font style</span>
          <select value={s.fontStyle} onChange={(e) => set({ fontStyle: e.target.value as AreaStyle['fontStyle'] })}>
            {FONT_STYLES.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label className="field">
          <span>Font</span>
          <select value={s.fontFamily} onChange={(e) => set({ fontFamily: e.target.value })}>
            {FONTS.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        {numberInput('Font size', 'fontSize', LIMITS.fontSize.min, LIMITS.fontSize.max)}
      </div>
      <div className="form-row">
        <label className="field">
          <span>Stroke type</span>
          <select value={s.strokeType} onChange={(e) => set({ strokeType: e.target.value as AreaStyle['strokeType'] })}>
            {STROKE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        {numberInput('Stroke width', 'strokeWidth', LIMITS.strokeWidth.min)}
        {numberInput('Opacity', 'opacity', LIMITS.opacity.min, LIMITS.opacity.max, LIMITS.opacity.step)}
        {numberInput('Rotate', 'rotate', LIMITS.rotate.min, LIMITS.rotate.max)}
      </div>
      <ColourField label="Fill" value={s.fill} onChange={(fill) => set({ fill })} />
      <ColourField label="Stroke" value={s.stroke} onChange={(stroke) => set({ stroke })} />
    </div>
  );
}
