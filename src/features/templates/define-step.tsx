import '../../lib/messages/campaigns.ts';
import { useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import type { ChosenImage } from './choose-step.tsx';
import type { EditorAction, EditorState } from './editor/editor-state.ts';
import type { Rect } from './editor/geometry.ts';
import { TemplateCanvas, canvasSize } from './editor/template-canvas.tsx';
import { EditorControls } from './editor/editor-controls.tsx';
import { t } from '../../lib/i18n.ts';

/** The controls' column, px, and the gap beside it (styles/editor.css). */
const CONTROLS_WIDTH = 300;
const GAP = 20;
/** Narrowest canvas column that keeps the controls beside it; below, they go under the canvas. */
const MIN_SIDE_BY_SIDE = 480;
/** Narrowest the canvas column gets beside the controls, so the area line stays readable. */
const MIN_COLUMN = 240;

/** The search for the image's own window: under way, or done with the area found (null: none). */
export interface Proposal {
  searching: boolean;
  area: Rect | null;
}

const same = (a: Rect | null, b: Rect | null) => !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * Step 2: the canvas editor over the chosen template, its controls, and the area in image px.
 * The controls sit right beside the canvas (no gutter between: the canvas column is as wide as
 * the canvas), or under it when the page is too narrow. `proposed` is the area found in the
 * image's transparency (null when none was looked for, as for a reopened
 * template): while it is searched a line says so, and while it is the area another does.
 */
export function DefineStep({
  chosen,
  state,
  dispatch,
  proposal = null,
}: {
  chosen: ChosenImage;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  proposal?: Proposal | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(800);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth || 800);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const side = available - CONTROLS_WIDTH - GAP >= MIN_SIDE_BY_SIDE;
  const maxWidth = side ? available - CONTROLS_WIDTH - GAP : available;
  const imageSize = { width: chosen.width, height: chosen.height };
  const column = Math.max(canvasSize(imageSize, maxWidth).width, Math.min(MIN_COLUMN, maxWidth));
  const a = state.doc.area;
  return (
    <div
      ref={box}
      className={side ? 'define-step side-by-side' : 'define-step stacked'}
      data-proposal={!proposal ? undefined : proposal.searching ? 'searching' : proposal.area ? 'found' : 'none'}
      style={side ? { gridTemplateColumns: `${column}px ${CONTROLS_WIDTH}px` } : undefined}
    >
      <div className="editor-main">
        <TemplateCanvas image={chosen.image} imageSize={imageSize} maxWidth={maxWidth} state={state} dispatch={dispatch} />
        <p className="muted editor-position" aria-live="polite" data-testid="area-position">
          {a
            ? t('campaigns.template.areaPosition', {
                x: String(a.x),
                y: String(a.y),
                width: String(a.width),
                height: String(a.height),
                imageWidth: String(chosen.width),
                imageHeight: String(chosen.height),
              })
            : t('campaigns.template.drawHint')}
        </p>
        {proposal?.searching && !a && (
          <p className="muted editor-proposal">
            <span className="spinner" aria-hidden="true" /> {t('campaigns.template.searching')}
          </p>
        )}
        {same(a, proposal?.area ?? null) && (
          <p className="editor-proposal" data-testid="area-proposal">
            {t('campaigns.template.found')}
          </p>
        )}
      </div>
      <EditorControls state={state} dispatch={dispatch} />
    </div>
  );
}
