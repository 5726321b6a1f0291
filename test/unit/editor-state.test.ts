import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  canRedo,
  canUndo,
  editorReducer,
  initEditor,
  templateJson,
  DEFAULT_STYLE,
  type EditorAction,
  type EditorState,
} from '../../src/features/templates/editor/editor-state.ts';
import { keyAction } from '../../src/features/templates/editor/editor-keys.ts';
import { captionColours, luminance } from '../../src/features/templates/editor/draw.ts';

const bounds = { width: 800, height: 600 };
const run = (s: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, s);
const area = { x: 10, y: 20, width: 100, height: 50 };
const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

test('the editor starts empty with the default #34409e fill and stroke and nothing to undo', () => {
  const s = initEditor(bounds);
  assert.is(s.doc.area, null);
  assert.is(s.doc.style.fill, '#34409e');
  assert.is(s.doc.style.stroke, '#34409e');
  assert.not.ok(canUndo(s));
  assert.not.ok(canRedo(s));
});

test('a new area starts neutral: fully opaque (opacity 1) and upright (rotate 360, the top of the spec range 1–360)', () => {
  const s = initEditor(bounds);
  assert.is(s.doc.style.opacity, 1);
  assert.is(s.doc.style.rotate, 360);
  assert.is(DEFAULT_STYLE.opacity, 1);
  // Drawing an area keeps the neutral style, and template_json saves it.
  const drawn = run(s, { type: 'setArea', area });
  assert.equal([drawn.doc.style.opacity, drawn.doc.style.rotate], [1, 360]);
  assert.equal(JSON.parse(templateJson(drawn.doc)).style.opacity, 1);
  // An out-of-range rotate falls back within 1–360, and a missing number to the defaults.
  assert.is(run(s, { type: 'setStyle', patch: { rotate: 720 } }).doc.style.rotate, 360);
  assert.equal(run(s, { type: 'setStyle', patch: { opacity: Number.NaN, rotate: Number.NaN } }).doc.style, DEFAULT_STYLE);
});

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a)!, luminance(b)!].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

test("the area's caption is white on a black halo over dark fills and black on a white halo over light ones", () => {
  assert.equal(captionColours('#34409e'), { ink: '#ffffff', halo: '#000000' });
  assert.equal(captionColours('#ffa500'), { ink: '#000000', halo: '#ffffff' });
  assert.equal(captionColours('#fff'), { ink: '#000000', halo: '#ffffff' });
  assert.equal(captionColours('#000000'), { ink: '#ffffff', halo: '#000000' });
  // Every custom colour and the default: the ink beats 4.5:1 against the fill itself.
  for (const fill of ['#000000', '#ffffff', '#ffa500', '#808080', '#ff0000', '#34409e']) {
    assert.ok(contrast(captionColours(fill).ink, fill) >= 4.5, fill);
  }
  assert.is(luminance('not a colour'), null);
});

test('a drag is one undo step however many previews it had', () => {
  const s = run(
    initEditor(bounds),
    { type: 'begin' },
    { type: 'preview', area: { x: 10, y: 20, width: 5, height: 5 } },
    { type: 'preview', area: { x: 10, y: 20, width: 100.4, height: 49.6 } },
    { type: 'end' },
  );
  assert.equal(s.doc.area, area);
  assert.is(s.past.length, 1);
  assert.is(run(s, { type: 'undo' }).doc.area, null);
});

test('a click without movement leaves no history entry', () => {
  const s = run(initEditor(bounds, area), { type: 'begin' }, { type: 'end' });
  assert.is(s.past.length, 0);
});

test('undo and redo walk the history both ways, and a new change clears redo', () => {
  const moved = { ...area, x: 50 };
  let s = run(initEditor(bounds), { type: 'setArea', area }, { type: 'setArea', area: moved }, { type: 'setStyle', patch: { fill: '#ff0000' } });
  s = run(s, { type: 'undo' }, { type: 'undo' });
  assert.equal(s.doc.area, area);
  assert.is(s.doc.style.fill, DEFAULT_STYLE.fill);
  s = run(s, { type: 'redo' });
  assert.equal(s.doc.area, moved);
  assert.ok(canRedo(s));
  s = run(s, { type: 'setArea', area: { ...area, y: 0 } });
  assert.not.ok(canRedo(s));
  assert.is(run(s, { type: 'redo' }), s);
});

test('undo with nothing to undo returns the same state', () => {
  const s = initEditor(bounds);
  assert.is(editorReducer(s, { type: 'undo' }), s);
  assert.is(editorReducer(s, { type: 'redo' }), s);
});

test('areas are clamped to the image and rounded to whole pixels', () => {
  const s = run(initEditor(bounds), { type: 'setArea', area: { x: 790.6, y: -4, width: 100.2, height: 30.7 } });
  assert.equal(s.doc.area, { x: 700, y: 0, width: 100, height: 31 });
});

test('style controls hold the spec limits: font size 1–200, opacity 0–1 by 0.1, stroke ≥ 0, rotate ≥ 1', () => {
  const s = run(initEditor(bounds), { type: 'setStyle', patch: { fontSize: 500, opacity: 0.46, strokeWidth: -3, rotate: 0 } });
  assert.is(s.doc.style.fontSize, 200);
  assert.is(s.doc.style.opacity, 0.5);
  assert.is(s.doc.style.strokeWidth, 0);
  assert.is(s.doc.style.rotate, 1);
  assert.is(run(s, { type: 'setStyle', patch: { fontSize: 0, opacity: 7 } }).doc.style.fontSize, 1);
  assert.is(run(s, { type: 'setStyle', patch: { opacity: 7 } }).doc.style.opacity, 1);
});

test('keys: arrows nudge (Shift ×10), Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Delete removes', () => {
  const s = initEditor(bounds, area);
  assert.equal(keyAction(s, key('ArrowRight')), { type: 'setArea', area: { ...area, x: 11 } });
  assert.equal(keyAction(s, key('ArrowUp', { shiftKey: true })), { type: 'setArea', area: { ...area, y: 10 } });
  assert.equal(keyAction(s, key('z', { ctrlKey: true })), { type: 'undo' });
  assert.equal(keyAction(s, key('Z', { ctrlKey: true, shiftKey: true })), { type: 'redo' });
  assert.equal(keyAction(s, key('y', { metaKey: true })), { type: 'redo' });
  assert.equal(keyAction(s, key('Delete')), { type: 'setArea', area: null });
  assert.is(keyAction(initEditor(bounds), key('ArrowRight')), null);
  assert.is(keyAction(s, key('x')), null);
});

test('template_json carries the area and style', () => {
  const json = JSON.parse(templateJson(initEditor(bounds, area).doc));
  assert.equal(json.area, area);
  assert.is(json.style.fill, '#34409e');
});

test.run();
