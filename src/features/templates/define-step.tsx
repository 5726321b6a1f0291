import type { Dispatch } from 'react';
import type { ChosenImage } from './choose-step.tsx';
import type { EditorAction, EditorState } from './editor/editor-state.ts';
import { TemplateCanvas } from './editor/template-canvas.tsx';
import { EditorControls } from './editor/editor-controls.tsx';

/** Step 2: the canvas editor over the chosen template, its controls, and the area in image px. */
export function DefineStep({ chosen, state, dispatch }: { chosen: ChosenImage; state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const a = state.doc.area;
  return (
    <div className="define-step">
      <div className="editor-main">
        <TemplateCanvas image={chosen.image} imageSize={{ width: chosen.width, height: chosen.height }} state={state} dispatch={dispatch} />
        <p className="muted editor-position" aria-live="polite" data-testid="area-position">
          {a ? `Area: x ${a.x}, y ${a.y}, width ${a.width}, height ${a.height} (of ${chosen.width} × ${chosen.height} px)`
            : 'Drag on the template to draw the transparent area.'}
        </p>
      </div>
      <EditorControls state={state} dispatch={dispatch} />
    </div>
  );
}
