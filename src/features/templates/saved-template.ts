import type { ChosenImage } from './choose-step.tsx';
import { DEFAULT_STYLE, initEditor, sanitiseStyle, type AreaStyle, type EditorDoc, type EditorState } from './editor/editor-state.ts';
import type { Rect } from './editor/geometry.ts';
import * as api from './api.ts';
import { personal } from '../../lib/storage.ts';

/**
 * Reopening a saved template (GET template/{id}) and keeping a wizard draft: both end as the
 * wizard's chosen image plus an editor state on the Define Transparent Area step.
 */

/** The editor document of a saved template: its stored area and the style of `template_json` (defaults where unreadable). */
export function docOfTemplate(t: Pick<api.SavedArea, 'x' | 'y' | 'width' | 'height' | 'template_json'>): EditorDoc {
  let style: AreaStyle = DEFAULT_STYLE;
  try {
    const parsed = JSON.parse(t.template_json) as { style?: Partial<AreaStyle> };
    if (parsed && typeof parsed.style === 'object') style = sanitiseStyle({ ...DEFAULT_STYLE, ...parsed.style });
  } catch {
    /* an older or foreign template_json: default style */
  }
  return { area: { x: Number(t.x), y: Number(t.y), width: Number(t.width), height: Number(t.height) }, style };
}

/** Decodes an image (data URL or same-site path) into what the editor draws. */
export async function imageOf(src: string, name: string): Promise<ChosenImage> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return { dataUrl: src, image, width: image.naturalWidth, height: image.naturalHeight, name };
}

/** A saved template ready for the editor; rejects when it cannot be loaded or decoded. */
export async function reopenTemplate(id: number): Promise<{ chosen: ChosenImage; editor: EditorState; campaignId: number }> {
  const t = await api.getTemplate(id);
  const chosen = await imageOf(t.path, t.path.split('/').pop() ?? 'template');
  const doc = docOfTemplate(t);
  return { chosen, editor: initEditor({ width: t.template_width, height: t.template_height }, doc.area as Rect, doc.style), campaignId: t.campaign_id };
}

/**
 * A wizard draft per signed-in user, organiser, event and campaign (a personal value of
 * lib/storage.ts: removed at sign-out and when the session ends); a successful save clears it.
 */
export interface WizardDraft {
  dataUrl: string;
  name: string;
  doc: EditorDoc;
}
const draftKey = (organiserId: string, eventId: string, campaignId: number) => `template-draft:${organiserId}:${eventId}:${campaignId}`;

/** The stored wizard draft, or null when there is none, it is unreadable or storage is off (never throws). */
export function readWizardDraft(organiserId: string, eventId: string, campaignId: number): WizardDraft | null {
  try {
    const v = JSON.parse(personal.get(draftKey(organiserId, eventId, campaignId)) ?? 'null');
    return v && typeof v.dataUrl === 'string' && v.doc && typeof v.doc === 'object' ? (v as WizardDraft) : null;
  } catch {
    return null;
  }
}
/** Keeps the draft; an image past the storage quota means no draft rather than an error. */
export function writeWizardDraft(organiserId: string, eventId: string, campaignId: number, d: WizardDraft): void {
  try {
    personal.set(draftKey(organiserId, eventId, campaignId), JSON.stringify(d));
  } catch {
    /* quota or storage off */
  }
}
/** Removes the draft (after a successful save); never throws. */
export function clearWizardDraft(organiserId: string, eventId: string, campaignId: number): void {
  personal.remove(draftKey(organiserId, eventId, campaignId));
}
