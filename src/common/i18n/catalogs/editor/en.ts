/**
 * English messages of the template editor's canvas step (docs/languages.md): part of the English
 * catalog (../index.ts), the source the other languages translate. Keys start with
 * `campaigns.editor.` (unchanged); an area of its own so they load with the editor step
 * (define-step.tsx, fetched after the template screen's first paint), not with every campaigns screen.
 */
export const editorEn = {
  'campaigns.editor.canvas':
    'Template editor. Drag to draw the transparent area, drag it to move, drag a corner or edge to resize. Arrow keys move it, with Shift in larger steps.',
  'campaigns.editor.history': 'History',
  'campaigns.editor.undo': 'Undo',
  'campaigns.editor.undoTitle': 'Undo (Ctrl+Z)',
  'campaigns.editor.redo': 'Redo',
  'campaigns.editor.redoTitle': 'Redo (Ctrl+Shift+Z or Ctrl+Y)',
  'campaigns.editor.clearArea': 'Clear area',
  'campaigns.editor.text': 'Text',
  'campaigns.editor.fontStyle': 'Font style',
  'campaigns.editor.font': 'Font',
  'campaigns.editor.fontSize': 'Font size',
  'campaigns.editor.strokeType': 'Stroke type',
  'campaigns.editor.strokeWidth': 'Stroke width',
  'campaigns.editor.opacity': 'Opacity',
  'campaigns.editor.rotate': 'Rotate',
  'campaigns.editor.rotateHint': '360° = upright (1 to 360)',
  'campaigns.editor.fill': 'Fill',
  'campaigns.editor.stroke': 'Stroke',
  'campaigns.editor.style.normal': 'normal',
  'campaigns.editor.style.bold': 'bold',
  'campaigns.editor.style.italic': 'italic',
  'campaigns.editor.style.dot': 'dot',
  'campaigns.editor.style.dash': 'dash',
  'campaigns.editor.colour.black': 'black',
  'campaigns.editor.colour.white': 'white',
  'campaigns.editor.colour.orange': 'orange',
  'campaigns.editor.colour.grey': 'grey',
  'campaigns.editor.colour.red': 'red',
  'campaigns.editor.swatchTitle': '{control}: {colour} ({hex})',
  'campaigns.editor.swatchLabel': '{control} {colour}',
  'campaigns.editor.anyColourLabel': '{control} colour',
  'campaigns.editor.anyColourTitle': '{control}: any colour',
} as const satisfies Record<string, string>;
