import { nudgeRect } from './geometry.ts';
import type { EditorAction, EditorState } from './editor-state.ts';

/** The parts of a keyboard event the editor reads. */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * The command a key press means while the canvas has focus, or null: arrows nudge the area
 * (Shift for larger steps), Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo, Delete and
 * Backspace remove the area.
 */
export function keyAction(s: EditorState, e: KeyInput): EditorAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (mod && k === 'z') return { type: e.shiftKey ? 'redo' : 'undo' };
  if (mod && k === 'y') return { type: 'redo' };
  if (mod || !s.doc.area) return null;
  if (e.key === 'Delete' || e.key === 'Backspace') return { type: 'setArea', area: null };
  const moved = nudgeRect(s.doc.area, e.key, e.shiftKey, s.bounds);
  return moved ? { type: 'setArea', area: moved } : null;
}
