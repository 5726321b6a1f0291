import '../../../lib/messages/editor.ts';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { t } from '../../../lib/i18n.ts';
import {
  HANDLE_RADIUS,
  MIN_SIZE,
  cursorFor,
  fitScale,
  hitTest,
  moveRect,
  rectFromPoints,
  resizeRect,
  toImagePoint,
  type Handle,
  type Point,
  type Rect,
  type Size,
} from './geometry.ts';
import type { EditorAction, EditorState } from './editor-state.ts';
import { keyAction } from './editor-keys.ts';
import { drawEditor } from './draw.ts';

type Gesture =
  | { kind: 'draw'; start: Point; before: Rect | null; last?: Rect }
  | { kind: 'move'; start: Point; rect: Rect }
  | { kind: 'resize'; start: Point; rect: Rect; handle: Handle };

/** Tallest the editor gets on screen, px; the width follows the page. */
export const MAX_HEIGHT = 620;

/** The canvas's size on screen, px: the image fitted into `maxWidth` × MAX_HEIGHT, never enlarged. */
export function canvasSize(imageSize: Size, maxWidth: number) {
  const scale = fitScale(imageSize, { width: maxWidth, height: MAX_HEIGHT });
  return { scale, width: Math.round(imageSize.width * scale), height: Math.round(imageSize.height * scale) };
}

/**
 * Hosts the native canvas (STYLE.md §5): turns pointer and key events into editor commands and
 * repaints with draw.ts whenever the document changes. Holds no drawing state of its own beyond
 * the gesture in progress.
 */
export function TemplateCanvas({
  image,
  imageSize,
  maxWidth,
  state,
  dispatch,
}: {
  image: HTMLImageElement;
  imageSize: Size /** Widest the canvas may be, screen px. */;
  maxWidth: number;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [focused, setFocused] = useState(false);
  const { scale, width, height } = canvasSize(imageSize, maxWidth);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawEditor(ctx, { image, imageSize, scale, doc: state.doc, focused });
  }, [image, imageSize, scale, width, height, state.doc, focused]);

  const pointAt = (e: React.PointerEvent) => {
    const r = canvas.current!.getBoundingClientRect();
    return toImagePoint({ x: e.clientX - r.left, y: e.clientY - r.top }, scale);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.focus();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    const area = state.doc.area;
    const hit = hitTest(area, p, HANDLE_RADIUS / scale);
    gesture.current =
      hit === 'inside'
        ? { kind: 'move', start: p, rect: area! }
        : hit
          ? { kind: 'resize', start: p, rect: area!, handle: hit }
          : { kind: 'draw', start: p, before: area };
    dispatch({ type: 'begin' });
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const p = pointAt(e);
    const g = gesture.current;
    if (!g) {
      e.currentTarget.style.cursor = cursorFor(hitTest(state.doc.area, p, HANDLE_RADIUS / scale));
      return;
    }
    const [dx, dy] = [p.x - g.start.x, p.y - g.start.y];
    if (g.kind === 'draw') dispatch({ type: 'preview', area: (g.last = rectFromPoints(g.start, p, state.bounds)) });
    else if (g.kind === 'move') dispatch({ type: 'preview', area: moveRect(g.rect, dx, dy, state.bounds) });
    else dispatch({ type: 'preview', area: resizeRect(g.rect, g.handle, dx, dy, state.bounds) });
  };

  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const g = gesture.current;
    if (!g) return;
    gesture.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    // A click (or a drag too small to be an area) keeps the area there was. The gesture holds
    // the last preview: the render after it may not have happened yet.
    const a = g.kind === 'draw' ? g.last : undefined;
    if (g.kind === 'draw' && (!a || a.width < MIN_SIZE || a.height < MIN_SIZE)) dispatch({ type: 'preview', area: g.before });
    dispatch({ type: 'end' });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    if (gesture.current) return;
    const action = keyAction(state, e);
    if (!action) return;
    e.preventDefault();
    dispatch(action);
  };

  return (
    <div className="editor-stage">
      <canvas
        ref={canvas}
        className="editor-canvas"
        style={{ width, height }}
        tabIndex={0}
        role="application"
        aria-label={t('campaigns.editor.canvas')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </div>
  );
}
