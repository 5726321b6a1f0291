import { HANDLES, HANDLE_RADIUS, handlePoints, toScreenRect, type Rect, type Size } from './geometry.ts';
import type { AreaStyle, EditorDoc, StrokeType } from './editor-state.ts';

/**
 * Drawing of the transparent-area editor on a native canvas. Every function takes the context
 * first and wraps its transforms in save()/restore() (STYLE.md §5); none reads React state.
 * Sizes are screen px; `scale` turns the document's image px into screen px.
 */
export interface EditorView {
  image: CanvasImageSource;
  imageSize: Size;
  scale: number;
  doc: EditorDoc;
  focused: boolean;
}

/** Dash pattern of a stroke type, in screen px for a line of `width`. */
export const dashFor = (type: StrokeType, width: number): number[] =>
  type === 'dot' ? [Math.max(1, width), Math.max(2, width * 2)] : type === 'dash' ? [Math.max(4, width * 4), Math.max(3, width * 2)] : [];

/** The whole editor: image, shade outside the area, the area, its caption and its handles. */
export function drawEditor(ctx: CanvasRenderingContext2D, v: EditorView): void {
  const w = v.imageSize.width * v.scale;
  const h = v.imageSize.height * v.scale;
  ctx.save();
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(v.image, 0, 0, w, h);
  if (v.doc.area) {
    const r = toScreenRect(v.doc.area, v.scale);
    drawShade(ctx, { width: w, height: h }, r);
    drawArea(ctx, r, v.doc.style, v.scale);
    drawHandles(ctx, r, v.focused);
  }
  ctx.restore();
}

/** Darkens everything but the area, so the transparent part stands out. */
export function drawShade(ctx: CanvasRenderingContext2D, size: Size, r: Rect): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, size.width, size.height);
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.fillStyle = 'rgba(10, 14, 24, 0.35)';
  ctx.fill('evenodd');
  ctx.restore();
}

/** The area: fill at the chosen opacity, stroke of the chosen type, caption (in ink on a halo) rotated about the centre. */
export function drawArea(ctx: CanvasRenderingContext2D, r: Rect, s: AreaStyle, scale: number): void {
  ctx.save();
  ctx.globalAlpha = s.opacity;
  ctx.fillStyle = s.fill;
  ctx.fillRect(r.x, r.y, r.width, r.height);
  ctx.restore();
  if (s.strokeWidth > 0) {
    ctx.save();
    const width = s.strokeWidth * scale;
    ctx.lineWidth = width;
    ctx.strokeStyle = s.stroke;
    ctx.setLineDash(dashFor(s.strokeType, width));
    ctx.strokeRect(r.x, r.y, r.width, r.height);
    ctx.restore();
  }
  if (s.text) drawCaption(ctx, r, s, scale);
}

/** WCAG relative luminance (0 black .. 1 white) of a `#rgb` or `#rrggbb` colour; null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The caption's colours: `ink` black or white, whichever contrasts more with the area's `fill`
 * (dark blue #34409e gets white), and `halo`, the other one, drawn as an outline round every
 * glyph. Ink on its halo is 21:1, so the caption stays readable whatever shows through a
 * see-through fill: the image, or the editor's checkerboard in the light or the dark theme.
 */
export function captionColours(fill: string): { ink: string; halo: string } {
  const l = luminance(fill) ?? 0;
  // Contrast with white is 1.05 / (l + 0.05), with black (l + 0.05) / 0.05: white wins below l ≈ 0.179.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? { ink: '#ffffff', halo: '#000000' } : { ink: '#000000', halo: '#ffffff' };
}

/** The caption, centred in the area and clipped to it, in ink on a halo (captionColours). */
export function drawCaption(ctx: CanvasRenderingContext2D, r: Rect, s: AreaStyle, scale: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  ctx.translate(r.x + r.width / 2, r.y + r.height / 2);
  ctx.rotate(((s.rotate % 360) * Math.PI) / 180);
  const weight = s.fontStyle === 'bold' ? 'bold ' : '';
  const italic = s.fontStyle === 'italic' ? 'italic ' : '';
  ctx.font = `${italic}${weight}${Math.max(1, s.fontSize * scale)}px ${s.fontFamily.includes(' ') ? `"${s.fontFamily}"` : s.fontFamily}`;
  const { ink, halo } = captionColours(s.fill);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, (s.fontSize * scale) / 8);
  ctx.strokeStyle = halo;
  ctx.strokeText(s.text, 0, 0);
  ctx.fillStyle = ink;
  ctx.fillText(s.text, 0, 0);
  ctx.restore();
}

/** Eight square handles; brighter while the canvas has keyboard focus. */
export function drawHandles(ctx: CanvasRenderingContext2D, r: Rect, focused: boolean): void {
  const points = handlePoints(r);
  const size = HANDLE_RADIUS * 2 - 2;
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = focused ? '#f0a500' : '#34409e';
  ctx.lineWidth = 1.5;
  for (const hnd of HANDLES) {
    const p = points[hnd];
    ctx.fillRect(p.x - size / 2, p.y - size / 2, size, size);
    ctx.strokeRect(p.x - size / 2, p.y - size / 2, size, size);
  }
  ctx.restore();
}
