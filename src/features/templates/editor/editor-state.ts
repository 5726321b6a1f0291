import { clampRect, roundRect, type Rect, type Size } from './geometry.ts';

/**
 * The editor's document and its commands as pure `(state, action) -> state` steps
 * (STYLE.md §5): the transparent area (image px) and its style, with undo and redo.
 * A drag is one step: `begin` remembers the document, `preview` changes it freely, `end`
 * records one history entry if anything changed.
 */
export type FontStyle = 'normal' | 'bold' | 'italic';
/** How the area's border is drawn. */
export type StrokeType = 'normal' | 'dot' | 'dash';

/** organiser-console §2 and §5 editor controls. */
export const FONT_STYLES: readonly FontStyle[] = ['normal', 'bold', 'italic'];
/** The editor's choices and bounds (organiser-console §4). */
export const FONTS = ['Times New Roman', 'Arial', 'fantasy', 'cursive'] as const;
export const STROKE_TYPES: readonly StrokeType[] = ['normal', 'dot', 'dash'];
/** The spec's five custom colours by name (the swatches' names), as hex. */
export const COLOURS = { black: '#000000', white: '#ffffff', orange: '#ffa500', grey: '#808080', red: '#ff0000' } as const;
export const DEFAULT_COLOUR = '#34409e';
export const LIMITS = {
  fontSize: { min: 1, max: 200 },
  opacity: { min: 0, max: 1, step: 0.1 },
  strokeWidth: { min: 0 },
  rotate: { min: 1, max: 360 },
} as const;

/** The look of the transparent area and its caption. */
export interface AreaStyle {
  fill: string;
  stroke: string;
  strokeWidth: number;
  strokeType: StrokeType;
  opacity: number;
  /** Caption drawn in the area (e.g. where the participant's photo goes). */
  text: string;
  fontFamily: string;
  fontStyle: FontStyle;
  fontSize: number;
  /** Caption rotation, degrees, 1..360 (the spec's "rotate minimum 1"; 360 is upright, the default). */
  rotate: number;
}
/** What undo and redo restore: the area (px, image coordinates) and its style. */
export interface EditorDoc {
  area: Rect | null;
  style: AreaStyle;
}
/** The editor: image bounds (px), the current doc, undo and redo stacks, and the doc before a gesture. */
export interface EditorState {
  bounds: Size;
  doc: EditorDoc;
  past: EditorDoc[];
  future: EditorDoc[];
  gesture: EditorDoc | null;
}

/** What can happen in the editor. */
export type EditorAction =
  | { type: 'begin' }
  | { type: 'preview'; area: Rect | null }
  | { type: 'end' }
  | { type: 'setArea'; area: Rect | null }
  | { type: 'setStyle'; patch: Partial<AreaStyle> }
  | { type: 'undo' }
  | { type: 'redo' };

/**
 * The style a new area starts with: neutral, so nothing is changed until the organiser asks:
 * opacity 1 (fully opaque) and rotate 360 (upright; the spec's range starts at 1, so 0° is 360).
 */
export const DEFAULT_STYLE: AreaStyle = {
  fill: DEFAULT_COLOUR,
  stroke: DEFAULT_COLOUR,
  strokeWidth: 2,
  strokeType: 'dash',
  opacity: 1,
  text: 'Photo',
  fontFamily: 'Arial',
  fontStyle: 'normal',
  fontSize: 32,
  rotate: 360,
};
/** History kept for undo. */
export const HISTORY_LIMIT = 100;

/** A fresh editor over an image of `bounds` (px), optionally with an `area` already drawn, no history. */
export const initEditor = (bounds: Size, area: Rect | null = null, style: AreaStyle = DEFAULT_STYLE): EditorState => ({
  bounds,
  doc: { area, style },
  past: [],
  future: [],
  gesture: null,
});

const num = (v: number, fallback: number) => (Number.isFinite(v) ? v : fallback);
const clampNum = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A style patch held to the spec's limits (font size 1–200, opacity 0–1 by 0.1, stroke ≥ 0, rotate ≥ 1). */
export function sanitiseStyle(s: AreaStyle): AreaStyle {
  return {
    ...s,
    fontSize: clampNum(Math.round(num(s.fontSize, DEFAULT_STYLE.fontSize)), LIMITS.fontSize.min, LIMITS.fontSize.max),
    opacity: Math.round(clampNum(num(s.opacity, DEFAULT_STYLE.opacity), 0, 1) * 10) / 10,
    strokeWidth: Math.max(LIMITS.strokeWidth.min, num(s.strokeWidth, DEFAULT_STYLE.strokeWidth)),
    rotate: clampNum(num(s.rotate, DEFAULT_STYLE.rotate), LIMITS.rotate.min, LIMITS.rotate.max),
  };
}

const sameArea = (a: Rect | null, b: Rect | null) => a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
const sameDoc = (a: EditorDoc, b: EditorDoc) => sameArea(a.area, b.area) && JSON.stringify(a.style) === JSON.stringify(b.style);

/** `doc` becomes the document; the previous one goes on the undo stack and redo is cleared. */
function commit(s: EditorState, doc: EditorDoc, before: EditorDoc = s.doc): EditorState {
  if (sameDoc(before, doc)) return { ...s, doc, gesture: null };
  return { ...s, doc, past: [...s.past, before].slice(-HISTORY_LIMIT), future: [], gesture: null };
}

const tidy = (area: Rect | null, bounds: Size) => (area ? roundRect(clampRect(area, bounds)) : null);

/** The next editor state after `a` (pure): gestures (begin, preview, end), set area or style, undo, redo. */
export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'begin':
      return { ...s, gesture: s.doc };
    case 'preview':
      return { ...s, doc: { ...s.doc, area: a.area ? clampRect(a.area, s.bounds) : null } };
    case 'end': {
      if (!s.gesture) return s;
      return commit(s, { ...s.doc, area: tidy(s.doc.area, s.bounds) }, s.gesture);
    }
    case 'setArea':
      return commit(s, { ...s.doc, area: tidy(a.area, s.bounds) });
    case 'setStyle':
      return commit(s, { ...s.doc, style: sanitiseStyle({ ...s.doc.style, ...a.patch }) });
    case 'undo':
      return undo(s);
    case 'redo':
      return redo(s);
  }
}

/** The previous document; the current one becomes redoable. Nothing to undo: unchanged. */
export function undo(s: EditorState): EditorState {
  if (!s.past.length || s.gesture) return s;
  return { ...s, doc: s.past[s.past.length - 1], past: s.past.slice(0, -1), future: [s.doc, ...s.future] };
}

/** The document undo left; nothing to redo: unchanged. */
export function redo(s: EditorState): EditorState {
  if (!s.future.length || s.gesture) return s;
  return { ...s, doc: s.future[0], past: [...s.past, s.doc], future: s.future.slice(1) };
}

/** True when there is a step to undo and no gesture is under way. */
export const canUndo = (s: EditorState) => s.past.length > 0 && !s.gesture;
/** True when there is an undone step to redo and no gesture is under way. */
export const canRedo = (s: EditorState) => s.future.length > 0 && !s.gesture;

/** The template call's `template_json`: the area and its style, image px (organiser-console §3). */
export const templateJson = (doc: EditorDoc) => JSON.stringify({ version: 1, area: doc.area, style: doc.style });
