/**
 * Renders one flat product illustration per demo product:
 *   src/server/seed/images/<slug>.webp  (800 x 600, WebP q72)
 *
 * Run: node_modules/.bin/tsx scripts/render-seed-images.ts
 *
 * Drawings are built as SVG in code (shapes only, no text/fonts) and
 * rasterised with sharp. The kit is also reused by render-promo-video.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { demoProducts } from '../src/server/seed/demo-data';

export const W = 800;
export const H = 600;

/** Lighten (amt > 0) or darken (amt < 0) a #rrggbb colour. amt in -1..1 */
export function shade(hex: string, amt: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (
    '#' +
    ch
      .map((c) => Math.round(amt < 0 ? c * (1 + amt) : c + (255 - c) * amt))
      .map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0'))
      .join('')
  );
}

export class Art {
  private defs: string[] = [];
  private parts: string[] = [];
  private n = 0;
  private gradCache = new Map<string, string>();

  constructor(
    public width = W,
    public height = H,
    private bg: [string, string] = ['#fafaf9', '#e7e5e4'],
    /** Prefix for gradient/filter ids, so several drawings can share one SVG. */
    private idPrefix = '',
  ) {}

  /** Linear gradient fill (vertical by default), cached per colour/direction. */
  g(c: string, dir: 'v' | 'h' = 'v', hi = 0.22, lo = -0.16): string {
    const key = `${c}${dir}${hi}${lo}`;
    const hit = this.gradCache.get(key);
    if (hit) return hit;
    const id = `${this.idPrefix}g${this.n++}`;
    const [x2, y2] = dir === 'v' ? [0, 1] : [1, 0];
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${shade(c, hi)}"/><stop offset="1" stop-color="${shade(c, lo)}"/></linearGradient>`,
    );
    const url = `url(#${id})`;
    this.gradCache.set(key, url);
    return url;
  }

  /** Radial gradient (for metal hubs, discs). */
  rg(c: string, hi = 0.35, lo = -0.25): string {
    const key = `r${c}${hi}${lo}`;
    const hit = this.gradCache.get(key);
    if (hit) return hit;
    const id = `${this.idPrefix}g${this.n++}`;
    this.defs.push(
      `<radialGradient id="${id}" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="${shade(c, hi)}"/><stop offset="1" stop-color="${shade(c, lo)}"/></radialGradient>`,
    );
    const url = `url(#${id})`;
    this.gradCache.set(key, url);
    return url;
  }

  raw(s: string): this {
    this.parts.push(s);
    return this;
  }

  private stroke(c: string, sw = 2): string {
    return sw > 0 ? ` stroke="${shade(c, -0.42)}" stroke-width="${sw}" stroke-linejoin="round"` : '';
  }

  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    c: string,
    r = 0,
    o: { flat?: boolean; sw?: number; dir?: 'v' | 'h'; extra?: string } = {},
  ): this {
    const fill = o.flat ? c : this.g(c, o.dir ?? 'v');
    return this.raw(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${this.stroke(c, o.sw ?? 2)}${o.extra ?? ''}/>`,
    );
  }

  circle(
    cx: number,
    cy: number,
    r: number,
    c: string,
    o: { flat?: boolean; sw?: number; radial?: boolean; extra?: string } = {},
  ): this {
    const fill = o.flat ? c : o.radial ? this.rg(c) : this.g(c);
    return this.raw(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${this.stroke(c, o.sw ?? 2)}${o.extra ?? ''}/>`,
    );
  }

  ellipse(
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    c: string,
    o: { flat?: boolean; sw?: number; radial?: boolean; extra?: string } = {},
  ): this {
    const fill = o.flat ? c : o.radial ? this.rg(c) : this.g(c);
    return this.raw(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${this.stroke(c, o.sw ?? 2)}${o.extra ?? ''}/>`,
    );
  }

  path(d: string, c: string, o: { flat?: boolean; sw?: number; dir?: 'v' | 'h'; extra?: string } = {}): this {
    const fill = o.flat ? c : this.g(c, o.dir ?? 'v');
    return this.raw(`<path d="${d}" fill="${fill}"${this.stroke(c, o.sw ?? 2)}${o.extra ?? ''}/>`);
  }

  /** Open stroked path (tubes, cables, handles). */
  line(d: string, c: string, w: number, cap: 'round' | 'butt' = 'round', extra = ''): this {
    return this.raw(
      `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="${cap}" stroke-linejoin="round"${extra}/>`,
    );
  }

  /** Cable/hose with a subtle highlight. */
  tube(d: string, c: string, w: number): this {
    this.line(d, shade(c, -0.35), w + 3);
    this.line(d, c, w);
    return this.line(d, shade(c, 0.35), Math.max(1.5, w * 0.22), 'round', ' opacity="0.7"');
  }

  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.22): this {
    return this.raw(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#1c1917" opacity="${opacity}" filter="url(#${this.idPrefix}soft)"/>`,
    );
  }

  /** Highlight sheen strip. */
  sheen(x: number, y: number, w: number, h: number, r = h / 2, op = 0.28): this {
    return this.raw(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#fff" opacity="${op}"/>`,
    );
  }

  wheel(cx: number, cy: number, r: number, tire = '#27272a', hub = '#a1a1aa'): this {
    this.circle(cx, cy, r, tire, { radial: true });
    this.circle(cx, cy, r * 0.58, hub, { radial: true });
    this.circle(cx, cy, r * 0.2, shade(hub, -0.3), { flat: true, sw: 1.5 });
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2;
      this.circle(cx + Math.cos(a) * r * 0.38, cy + Math.sin(a) * r * 0.38, r * 0.05, shade(hub, -0.45), {
        flat: true,
        sw: 0,
      });
    }
    return this;
  }

  gauge(cx: number, cy: number, r: number, ring = '#9ca3af', needleAngle = -40): this {
    this.circle(cx, cy, r, ring, { radial: true });
    this.circle(cx, cy, r * 0.8, '#ffffff', { flat: true, sw: 1 });
    for (let i = 0; i <= 8; i++) {
      const a = ((-225 + i * 33.75) * Math.PI) / 180;
      const r1 = r * 0.62;
      const r2 = r * 0.74;
      this.line(
        `M${(cx + Math.cos(a) * r1).toFixed(1)} ${(cy + Math.sin(a) * r1).toFixed(1)}L${(cx + Math.cos(a) * r2).toFixed(1)} ${(cy + Math.sin(a) * r2).toFixed(1)}`,
        i > 6 ? '#dc2626' : '#374151',
        Math.max(1, r * 0.06),
        'butt',
      );
    }
    const na = ((needleAngle - 90) * Math.PI) / 180;
    this.line(
      `M${cx} ${cy}L${(cx + Math.cos(na) * r * 0.62).toFixed(1)} ${(cy + Math.sin(na) * r * 0.62).toFixed(1)}`,
      '#dc2626',
      Math.max(1.5, r * 0.08),
    );
    return this.circle(cx, cy, r * 0.1, '#111827', { flat: true, sw: 0 });
  }

  /** Parallel slots (vents, grilles). */
  slots(
    x: number,
    y: number,
    w: number,
    h: number,
    n: number,
    c: string,
    vertical = false,
    thick = 0.45,
  ): this {
    for (let i = 0; i < n; i++) {
      if (vertical) {
        const step = w / n;
        this.rect(x + i * step + (step * (1 - thick)) / 2, y, step * thick, h, c, (step * thick) / 2, {
          flat: true,
          sw: 0,
        });
      } else {
        const step = h / n;
        this.rect(x, y + i * step + (step * (1 - thick)) / 2, w, step * thick, c, (step * thick) / 2, {
          flat: true,
          sw: 0,
        });
      }
    }
    return this;
  }

  group(transform: string, draw: () => void): this {
    this.raw(`<g transform="${transform}">`);
    draw();
    return this.raw('</g>');
  }

  /** Drawing without background or <svg> wrapper: { defs, body } for compositing. */
  fragment(): { defs: string; body: string } {
    return {
      defs: `<filter id="${this.idPrefix}soft" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="10"/></filter>${this.defs.join('')}`,
      body: this.parts.join(''),
    };
  }

  toString(): string {
    const [b1, b2] = this.bg;
    const { defs, body } = this.fragment();
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs><radialGradient id="${this.idPrefix}bg" cx="0.5" cy="0.38" r="0.8"><stop offset="0" stop-color="${b1}"/><stop offset="1" stop-color="${b2}"/></radialGradient>${defs}</defs>` +
      `<rect width="${this.width}" height="${this.height}" fill="url(#${this.idPrefix}bg)"/>${body}</svg>`
    );
  }
}

// ---------------------------------------------------------------------------
// Product drawings (800 x 600). Ground line around y = 490.
// ---------------------------------------------------------------------------

type Draw = (a: Art) => void;

const STEEL = '#a1a1aa';
const DARK = '#27272a';
const BRASS = '#d4a017';

/** Pistol-grip cordless tool (impact wrench / drill driver). */
function pistolTool(a: Art, body: string, nose: 'anvil' | 'chuck'): void {
  a.shadow(410, 505, 230, 18);
  // battery pack
  a.rect(230, 430, 250, 66, DARK, 14);
  a.rect(240, 440, 230, 12, body, 6, { sw: 0 });
  a.slots(400, 462, 60, 24, 3, '#3f3f46');
  // grip
  a.path('M318 282 L420 282 L404 438 L300 438 Z', DARK);
  a.path('M332 300 L404 300 L392 420 L318 420 Z', body, { sw: 0 });
  a.slots(338, 320, 50, 90, 5, shade(body, -0.3), false, 0.25);
  // trigger
  a.rect(418, 292, 26, 44, '#3f3f46', 8);
  // motor housing
  a.rect(220, 170, 300, 124, body, 50);
  a.rect(220, 170, 96, 124, DARK, 46);
  a.slots(238, 196, 54, 72, 5, '#52525b', true, 0.4);
  a.sheen(330, 182, 170, 14);
  // direction switch
  a.rect(404, 278, 20, 16, '#3f3f46', 4);
  if (nose === 'anvil') {
    a.path('M520 190 L600 204 L600 262 L520 276 Z', STEEL, { dir: 'v' });
    a.rect(596, 214, 36, 38, '#71717a', 4);
    a.rect(630, 220, 34, 26, '#52525b', 3);
    a.circle(650, 233, 4, '#18181b', { flat: true, sw: 0 });
  } else {
    a.rect(516, 186, 40, 92, '#52525b', 10);
    a.slots(520, 190, 32, 84, 6, '#71717a', true, 0.35);
    a.path('M556 196 L636 206 L636 258 L556 268 Z', DARK);
    a.slots(566, 210, 60, 44, 4, '#3f3f46', false, 0.3);
    a.rect(634, 222, 110, 20, '#d4d4d8', 3);
    for (let x = 642; x < 740; x += 16) a.line(`M${x} 223 L${x + 10} 241`, '#71717a', 3);
  }
}

function portableBox(a: Art, x: number, y: number, w: number, h: number, d: number, c: string): void {
  a.path(`M${x} ${y} L${x + d} ${y - d * 0.6} L${x + w + d} ${y - d * 0.6} L${x + w} ${y} Z`, shade(c, 0.25));
  a.path(
    `M${x + w} ${y} L${x + w + d} ${y - d * 0.6} L${x + w + d} ${y + h - d * 0.6} L${x + w} ${y + h} Z`,
    shade(c, -0.22),
  );
  a.rect(x, y, w, h, c, 6);
}

/** Slanted vent slots on the right-hand side face drawn by portableBox. */
function sideVents(
  a: Art,
  x: number,
  y: number,
  w: number,
  h: number,
  d: number,
  n: number,
  c: string,
): void {
  const x0 = x + w + d * 0.2;
  const x1 = x + w + d * 0.8;
  const top = y + h * 0.12;
  const step = (h * 0.72) / n;
  for (let i = 0; i < n; i++) {
    const yy = top + i * step;
    a.line(
      `M${x0.toFixed(1)} ${(yy - d * 0.12).toFixed(1)}L${x1.toFixed(1)} ${(yy - d * 0.48).toFixed(1)}`,
      c,
      Math.max(2, step * 0.35),
    );
  }
}

const drawings: Record<string, Draw> = {
  'atlas-50l-oil-free-air-compressor': (a) => {
    const red = '#dc2626';
    a.shadow(400, 500, 270, 20);
    // handle
    a.line('M175 345 L120 250 L120 222', '#3f3f46', 16);
    a.line('M120 240 L120 200', DARK, 24);
    // feet + wheels
    a.rect(205, 450, 44, 42, DARK, 6);
    a.rect(560, 450, 30, 20, '#3f3f46', 4);
    // tank
    a.rect(150, 295, 500, 175, red, 87);
    a.sheen(215, 312, 370, 14);
    a.rect(390, 295, 14, 175, shade(red, -0.2), 0, { flat: true, sw: 0, extra: ' opacity="0.6"' });
    a.rect(390, 466, 16, 18, '#71717a', 3);
    a.wheel(590, 468, 40);
    // motor shroud + fan cover
    a.rect(270, 180, 250, 122, DARK, 30);
    a.slots(400, 200, 100, 80, 5, '#3f3f46', false, 0.38);
    a.circle(275, 242, 62, '#3f3f46');
    for (let i = 0; i < 12; i++) {
      const t = (i / 12) * Math.PI * 2;
      a.line(
        `M${(275 + Math.cos(t) * 18).toFixed(1)} ${(242 + Math.sin(t) * 18).toFixed(1)}L${(275 + Math.cos(t) * 50).toFixed(1)} ${(242 + Math.sin(t) * 50).toFixed(1)}`,
        '#18181b',
        5,
      );
    }
    a.circle(275, 242, 14, red, { flat: true });
    // cylinder heads (fins)
    a.rect(440, 140, 70, 46, '#d4d4d8', 6);
    a.slots(444, 144, 62, 38, 5, '#a1a1aa', false, 0.35);
    a.tube('M510 165 C560 165 560 230 560 258', '#b45309', 8);
    // pressure switch + gauges + coupler
    a.rect(530, 250, 66, 50, '#52525b', 8);
    a.gauge(565, 222, 26, '#9ca3af', -30);
    a.gauge(620, 276, 20, '#9ca3af', 40);
    a.rect(640, 300, 30, 14, BRASS, 4);
    a.rect(668, 296, 18, 22, '#b45309', 4);
  },

  'rotary-screw-compressor-7-5kw': (a) => {
    const body = '#475569';
    const acc = '#0ea5e9';
    a.shadow(430, 492, 250, 18);
    a.rect(232, 470, 336, 20, '#1e293b', 3);
    portableBox(a, 230, 150, 340, 322, 70, body);
    sideVents(a, 230, 150, 340, 322, 70, 12, shade(body, -0.45));
    // door seam
    a.line('M400 156 L400 466', shade(body, -0.35), 3);
    a.rect(384, 290, 8, 40, '#1e293b', 3);
    a.rect(408, 290, 8, 40, '#1e293b', 3);
    // front grille
    a.rect(250, 330, 128, 120, shade(body, -0.25), 8, { sw: 1 });
    a.slots(260, 340, 108, 100, 9, '#1e293b', false, 0.45);
    // controller
    a.rect(424, 176, 128, 96, '#1e293b', 10);
    a.rect(436, 188, 104, 44, acc, 4);
    a.rect(444, 198, 50, 8, '#e0f2fe', 2, { flat: true, sw: 0 });
    a.rect(444, 212, 76, 8, '#bae6fd', 2, { flat: true, sw: 0 });
    a.circle(448, 252, 8, '#22c55e', { flat: true, sw: 1 });
    a.circle(472, 252, 8, '#a1a1aa', { flat: true, sw: 1 });
    a.circle(522, 252, 13, '#facc15', { flat: true, sw: 1 });
    a.circle(522, 252, 8, '#dc2626', { radial: true, sw: 1 });
    // accent band + logo plate
    a.rect(230, 290, 150, 12, acc, 3, { sw: 0 });
    a.rect(250, 190, 110, 70, shade(body, 0.15), 8, { sw: 1 });
    a.circle(305, 225, 20, acc, { sw: 0 });
    // outlet pipe on side
    a.tube('M625 400 L680 400 L680 478', '#94a3b8', 12);
    a.rect(668, 430, 24, 14, '#dc2626', 3);
  },

  'portable-diesel-compressor': (a) => {
    const y = '#facc15';
    a.shadow(390, 505, 300, 18);
    // chassis + drawbar
    a.line('M120 430 L250 412', '#3f3f46', 16);
    a.circle(96, 432, 22, '#52525b', { flat: true, sw: 3, extra: ' fill-opacity="0"' });
    a.line('M150 430 L150 480', '#52525b', 10);
    a.wheel(150, 488, 14, DARK, '#71717a');
    a.rect(200, 398, 420, 24, '#3f3f46', 4);
    a.line('M600 420 L600 490', '#52525b', 12);
    a.rect(588, 484, 26, 8, DARK, 2);
    // canopy
    a.rect(210, 210, 400, 194, y, 22);
    a.path('M230 210 Q410 160 590 210 Z', shade(y, 0.1));
    a.sheen(236, 222, 350, 10);
    a.line('M410 222 L410 398', shade(y, -0.35), 3);
    a.slots(430, 240, 160, 120, 8, shade(y, -0.5), false, 0.35);
    a.rect(240, 240, 150, 90, shade(y, -0.08), 8, { sw: 1 });
    a.rect(380, 300, 8, 30, DARK, 3);
    a.rect(434, 300, 8, 30, DARK, 3);
    // lifting eye + exhaust
    a.circle(410, 166, 18, '#52525b', {
      flat: true,
      sw: 0,
      extra: ' fill-opacity="0" stroke="#52525b" stroke-width="8"',
    });
    a.rect(520, 170, 16, 40, DARK, 3);
    // outlet valves
    a.rect(612, 350, 20, 16, '#71717a', 3);
    a.rect(628, 344, 10, 28, '#dc2626', 3);
    a.rect(612, 376, 20, 16, '#71717a', 3);
    a.rect(628, 370, 10, 28, '#dc2626', 3);
    // axle wheel + fender
    a.path('M320 420 Q390 360 460 420 Z', '#3f3f46');
    a.wheel(390, 450, 56);
  },

  'refrigerated-air-dryer-1200': (a) => {
    const body = '#e5e7eb';
    const green = '#16a34a';
    a.shadow(420, 490, 200, 16);
    portableBox(a, 290, 150, 220, 330, 60, body);
    sideVents(a, 290, 150, 220, 330, 60, 10, '#9ca3af');
    // top control strip
    a.rect(306, 166, 188, 52, '#1f2937', 8);
    a.rect(318, 178, 70, 28, '#0f172a', 4);
    a.rect(326, 186, 40, 12, green, 2, { flat: true, sw: 0 });
    a.circle(420, 192, 8, green, { flat: true, sw: 1 });
    a.circle(446, 192, 8, '#f59e0b', { flat: true, sw: 1 });
    a.circle(472, 192, 8, '#9ca3af', { flat: true, sw: 1 });
    // condenser fan grille
    a.circle(400, 330, 82, '#9ca3af');
    a.circle(400, 330, 74, '#374151', { flat: true, sw: 0 });
    for (const r of [64, 50, 36, 22])
      a.circle(400, 330, r, '#9ca3af', { flat: true, sw: 3, extra: ' fill-opacity="0"' });
    a.line('M326 330 L474 330 M400 256 L400 404', '#9ca3af', 3);
    a.circle(400, 330, 10, '#d1d5db', { flat: true });
    // green base band
    a.rect(290, 440, 220, 18, green, 2, { sw: 0 });
    // pipes in / out
    a.tube('M335 118 L335 90 L240 90', '#94a3b8', 16);
    a.tube('M465 118 L465 70 L620 70', '#94a3b8', 16);
    a.rect(322, 110, 26, 16, '#64748b', 3);
    a.rect(452, 110, 26, 16, '#64748b', 3);
    a.rect(232, 80, 12, 22, '#2563eb', 2);
    a.rect(612, 60, 12, 22, '#2563eb', 2);
    // drain
    a.tube('M520 470 Q560 470 570 490', '#1f2937', 6);
  },

  '18v-brushless-impact-wrench': (a) => pistolTool(a, '#f97316', 'anvil'),
  '18v-brushless-drill-driver': (a) => pistolTool(a, '#0d9488', 'chuck'),

  'heavy-duty-angle-grinder-230mm': (a) => {
    const blue = '#0369a1';
    a.shadow(400, 500, 290, 18);
    // disc (perspective)
    a.ellipse(555, 420, 175, 46, '#3f3f46', { radial: true });
    a.ellipse(555, 420, 120, 31, '#52525b', { flat: true, sw: 1, extra: ' fill-opacity="0"' });
    a.ellipse(555, 420, 34, 10, '#2563eb', { flat: true, sw: 1 });
    a.ellipse(555, 420, 12, 4, '#d4d4d8', { flat: true, sw: 1 });
    // guard (rear half)
    a.path(
      'M385 414 Q400 352 555 346 Q710 352 725 414 L700 414 Q690 372 555 368 Q420 372 410 414 Z',
      '#9ca3af',
    );
    // spindle + gear head
    a.rect(540, 330, 30, 90, '#a1a1aa', 4);
    a.rect(500, 236, 110, 104, '#a1a1aa', 22);
    a.sheen(512, 246, 84, 10);
    a.rect(600, 270, 16, 30, '#71717a', 4);
    // side handle
    a.path('M600 268 L700 200 L716 222 L616 292 Z', DARK);
    // motor body
    a.rect(210, 238, 300, 96, blue, 44);
    a.sheen(250, 250, 220, 12);
    a.slots(440, 256, 56, 62, 5, shade(blue, -0.5), true, 0.38);
    // rear D handle
    a.path(
      'M216 250 L120 230 Q82 232 82 280 Q82 330 120 332 L216 322 L216 300 L132 306 Q112 300 112 280 Q112 260 132 256 L216 272 Z',
      DARK,
    );
    a.rect(140, 298, 44, 16, '#dc2626', 5);
    // cable
    a.tube('M86 280 Q40 300 50 380 Q60 450 20 490', '#1f2937', 10);
  },

  'pneumatic-framing-nailer': (a) => {
    const red = '#b91c1c';
    const mg = '#6b7280';
    a.shadow(400, 495, 250, 16);
    // magazine
    a.path('M458 470 L492 452 L232 318 L204 336 Z', mg);
    for (let i = 0; i < 13; i++) {
      const x = 240 + i * 19;
      const y = 340 + i * 9.8;
      a.line(`M${x} ${y} L${x + 10} ${y + 18}`, '#d4d4d8', 3, 'butt');
    }
    a.rect(200, 236, 26, 100, '#52525b', 6);
    a.rect(196, 320, 30, 30, DARK, 6);
    // nose / drive guide
    a.rect(468, 240, 36, 220, '#9ca3af', 6);
    a.rect(460, 448, 52, 30, '#52525b', 6);
    a.rect(474, 476, 24, 14, '#3f3f46', 3);
    // head cylinder
    a.rect(420, 120, 130, 130, red, 36);
    a.sheen(440, 132, 90, 12);
    a.rect(430, 104, 110, 26, '#52525b', 10);
    // grip
    a.path('M430 170 L236 196 Q208 200 208 226 Q208 252 236 254 L430 236 Z', red);
    a.path('M400 190 L262 206 L262 236 L400 222 Z', DARK, { sw: 0 });
    a.slots(272, 206, 120, 26, 7, '#3f3f46', true, 0.3);
    // trigger + air fitting
    a.rect(420, 238, 16, 36, '#3f3f46', 5);
    a.rect(178, 214, 32, 22, BRASS, 4);
    a.rect(160, 218, 20, 14, '#b45309', 3);
    // rafter hook
    a.line('M550 200 L590 200 L590 230', '#52525b', 8);
  },

  'magnetic-drill-press': (a) => {
    const y = '#ca8a04';
    a.shadow(400, 495, 220, 16);
    // steel plate
    a.path('M170 470 L630 470 L660 500 L140 500 Z', '#d6d3d1', { sw: 1 });
    // magnet base
    a.rect(250, 400, 300, 72, '#3f3f46', 10);
    a.rect(250, 452, 300, 20, '#dc2626', 4, { sw: 1 });
    a.rect(270, 416, 90, 26, DARK, 6);
    a.circle(290, 429, 8, '#22c55e', { flat: true, sw: 1 });
    a.circle(320, 429, 8, '#dc2626', { flat: true, sw: 1 });
    // column / slide
    a.rect(350, 110, 52, 296, '#a8a29e', 6, { dir: 'h' });
    a.slots(356, 130, 40, 250, 10, '#78716c', false, 0.12);
    // feed handle with 3 spokes
    a.line('M330 240 L250 200 M330 240 L260 300 M330 240 L340 160', '#71717a', 10);
    a.circle(250, 200, 12, DARK, { flat: true });
    a.circle(260, 300, 12, DARK, { flat: true });
    a.circle(340, 160, 12, DARK, { flat: true });
    a.circle(330, 240, 22, '#a1a1aa', { radial: true });
    // motor
    a.rect(400, 100, 130, 220, y, 28);
    a.sheen(412, 112, 20, 190, 10, 0.25);
    a.slots(440, 130, 70, 90, 6, shade(y, -0.45), false, 0.35);
    a.rect(410, 80, 110, 24, DARK, 10);
    // gearbox, arbor, annular cutter
    a.rect(412, 318, 106, 40, '#a1a1aa', 8);
    a.rect(448, 356, 34, 20, '#71717a', 3);
    a.rect(436, 374, 58, 30, '#d4d4d8', 3);
    a.path(
      'M436 404 L442 412 L448 404 L454 412 L460 404 L466 412 L472 404 L478 412 L484 404 L490 412 L494 404 Z',
      '#9ca3af',
      { sw: 1 },
    );
    // carry handle
    a.line('M270 400 L270 372 L338 372', DARK, 12);
    a.tube('M550 430 Q610 440 640 480', '#1f2937', 8);
  },

  'digital-torque-wrench-1-2in': (a) => {
    const ind = '#4f46e5';
    a.shadow(400, 470, 300, 16);
    a.group('rotate(-12 400 300)', () => {
      a.rect(180, 284, 440, 32, '#d4d4d8', 16);
      a.sheen(200, 288, 400, 7);
      // head
      a.circle(650, 300, 46, '#a1a1aa', { radial: true });
      a.circle(650, 300, 28, '#71717a', { radial: true });
      a.rect(636, 286, 28, 28, '#3f3f46', 3);
      a.path('M620 268 L660 248 L668 262 L630 282 Z', '#52525b');
      // display housing
      a.rect(360, 258, 170, 84, ind, 18);
      a.rect(378, 272, 92, 40, '#cbd5e1', 5);
      for (let i = 0; i < 4; i++)
        a.rect(386 + i * 20, 280, 13, 24, '#1e293b', 2, { flat: true, sw: 0, extra: ' opacity="0.75"' });
      a.circle(490, 282, 9, '#e0e7ff', { flat: true, sw: 1 });
      a.circle(490, 312, 9, '#e0e7ff', { flat: true, sw: 1 });
      a.circle(378, 328, 4, '#22c55e', { flat: true, sw: 0 });
      // grip
      a.rect(100, 276, 190, 48, DARK, 24);
      a.slots(120, 280, 150, 40, 9, '#3f3f46', true, 0.3);
      a.rect(92, 286, 16, 28, ind, 6);
    });
  },

  'bench-grinder-200mm': (a) => {
    const green = '#15803d';
    a.shadow(400, 492, 260, 16);
    // base
    a.path('M280 420 L520 420 L560 480 L240 480 Z', '#3f3f46');
    a.rect(366, 440, 68, 24, DARK, 6);
    a.rect(378, 446, 20, 12, '#dc2626', 3);
    // shafts
    a.rect(240, 330, 320, 20, '#a1a1aa', 6);
    // guards with wheels
    for (const cx of [220, 580]) {
      a.path(
        `M${cx - 70} 420 L${cx - 70} 300 Q${cx - 70} 220 ${cx} 220 Q${cx + 70} 220 ${cx + 70} 300 L${cx + 70} 420 Z`,
        '#9ca3af',
      );
      a.ellipse(cx, 330, 36, 92, cx < 400 ? '#78716c' : '#a8a29e', { radial: true });
      a.rect(cx - 50, 414, 100, 12, '#d4d4d8', 3);
      a.rect(cx - 56, 196, 112, 52, '#bae6fd', 6, { flat: true, sw: 2, extra: ' fill-opacity="0.45"' });
      a.line(`M${cx} 248 L${cx} 262`, '#52525b', 6);
    }
    // motor
    a.rect(300, 270, 200, 156, green, 40);
    a.sheen(320, 282, 160, 14);
    a.slots(330, 380, 140, 30, 7, shade(green, -0.5), true, 0.35);
    a.circle(400, 330, 26, shade(green, 0.2), { sw: 1 });
  },

  'hydraulic-floor-jack-3t': (a) => {
    const red = '#be123c';
    a.shadow(390, 500, 290, 16);
    // handle
    a.line('M250 380 L80 170', '#3f3f46', 16);
    a.line('M100 195 L70 158', DARK, 24);
    a.wheel(210, 478, 22, DARK, '#71717a');
    // lift arm (behind side plate)
    a.path('M330 400 L590 320 L610 346 L360 430 Z', shade(red, -0.15));
    // saddle
    a.rect(560, 300, 84, 22, '#71717a', 6);
    a.rect(566, 290, 72, 12, DARK, 4);
    // chassis side plate
    a.path('M170 360 L320 360 L640 440 L640 476 L170 476 Z', red);
    a.sheen(190, 372, 120, 10);
    a.circle(340, 420, 12, '#a1a1aa', { radial: true });
    // pump cylinder
    a.rect(196, 330, 90, 34, '#d4d4d8', 8);
    a.rect(250, 310, 20, 24, '#a1a1aa', 4);
    a.wheel(600, 482, 18, DARK, '#71717a');
    a.wheel(320, 484, 14, DARK, '#71717a');
  },

  'plasma-cutter-45a': (a) => {
    const body = '#374151';
    const cy = '#06b6d4';
    a.shadow(400, 496, 290, 16);
    // handle
    a.line('M280 230 L280 190 L460 190 L460 230', '#52525b', 14);
    portableBox(a, 200, 230, 300, 240, 60, body);
    sideVents(a, 200, 230, 300, 240, 60, 8, '#1f2937');
    a.rect(212, 242, 276, 216, '#1f2937', 10, { sw: 1 });
    a.rect(212, 242, 276, 14, cy, 4, { sw: 0 });
    // knob + LEDs
    a.circle(290, 330, 42, '#9ca3af', { radial: true });
    a.circle(290, 330, 30, '#4b5563', { radial: true });
    a.line('M290 330 L290 304', cy, 6);
    a.circle(380, 300, 8, '#22c55e', { flat: true, sw: 1 });
    a.circle(410, 300, 8, '#f59e0b', { flat: true, sw: 1 });
    a.circle(440, 300, 8, '#dc2626', { flat: true, sw: 1 });
    a.rect(370, 330, 90, 30, '#111827', 6);
    a.rect(380, 338, 20, 14, cy, 3, { flat: true, sw: 0 });
    // connectors
    a.circle(260, 420, 18, '#9ca3af', { radial: true });
    a.circle(420, 420, 16, '#b45309', { radial: true });
    // torch cable + torch
    a.tube('M260 420 Q250 500 400 490 Q560 480 600 440 L640 410', '#111827', 12);
    a.path('M626 392 L700 350 Q720 340 728 358 L735 372 Q740 386 722 394 L646 428 Z', '#dc2626');
    a.rect(676, 340, 26, 12, '#111827', 3, { extra: ' transform="rotate(-28 689 346)"' });
    a.path('M724 356 L760 334 L768 348 L734 372 Z', '#b45309');
    // earth clamp cable
    a.tube('M420 420 Q440 480 560 500', '#111827', 9);
    a.path('M556 488 L610 478 L612 508 L556 512 Z', '#b45309');
  },

  'mig-welder-200a': (a) => {
    const o = '#ea580c';
    a.shadow(390, 496, 290, 16);
    a.line('M260 210 L260 170 L470 170 L470 210', '#3f3f46', 16);
    portableBox(a, 200, 210, 320, 260, 70, o);
    // side door with spool window
    a.path('M530 212 L580 182 L580 420 L530 450 Z', shade(o, -0.1), { sw: 1 });
    a.ellipse(556, 300, 18, 40, '#1f2937', { flat: true, sw: 2 });
    a.ellipse(556, 300, 8, 18, '#b45309', { flat: true, sw: 1 });
    // front panel
    a.rect(220, 230, 280, 220, '#1f2937', 10);
    a.rect(240, 250, 110, 50, '#0f172a', 6);
    a.rect(252, 262, 40, 26, '#f97316', 3, { flat: true, sw: 0, extra: ' opacity="0.85"' });
    a.rect(300, 262, 40, 26, '#f97316', 3, { flat: true, sw: 0, extra: ' opacity="0.5"' });
    a.circle(400, 276, 26, '#9ca3af', { radial: true });
    a.circle(460, 276, 20, '#9ca3af', { radial: true });
    a.line('M400 276 L412 254', DARK, 5);
    a.line('M460 276 L448 260', DARK, 5);
    a.slots(240, 320, 240, 50, 5, '#374151', false, 0.3);
    // euro connector + dinse sockets
    a.circle(280, 410, 22, '#d4d4d8', { radial: true });
    a.circle(380, 414, 14, '#b45309', { radial: true });
    a.circle(440, 414, 14, '#b45309', { radial: true });
    // torch cable and swan-neck torch
    a.tube('M280 410 Q230 500 380 500 Q520 500 600 430', '#111827', 12);
    a.path('M590 420 L660 370 Q676 360 686 374 L692 384 Q698 398 682 406 L612 450 Z', DARK);
    a.rect(620, 398, 22, 10, '#dc2626', 3, { extra: ' transform="rotate(-35 631 403)"' });
    a.line('M684 372 Q712 348 740 352', '#9ca3af', 10);
    a.line('M736 352 L756 356', '#b45309', 12, 'butt');
    // earth clamp
    a.tube('M440 414 Q470 470 620 488', '#111827', 8);
    a.path('M612 476 L672 470 L676 486 L612 500 Z', '#b45309');
  },

  'air-hose-reel-15m': (a) => {
    const hose = '#f59e0b';
    const body = '#1f2937';
    a.shadow(420, 500, 230, 14);
    // wall bracket
    a.rect(190, 170, 44, 280, '#9ca3af', 8);
    a.circle(212, 196, 7, '#52525b', { flat: true, sw: 0 });
    a.circle(212, 424, 7, '#52525b', { flat: true, sw: 0 });
    a.rect(228, 290, 60, 34, '#71717a', 6);
    // drum housing
    a.circle(410, 310, 160, body, { radial: true });
    a.circle(410, 310, 160, '#dc2626', {
      flat: true,
      sw: 0,
      extra: ' fill-opacity="0" stroke="#dc2626" stroke-width="14"',
    });
    a.circle(410, 310, 118, '#111827', { flat: true, sw: 0 });
    // wound hose
    for (let r = 112; r > 42; r -= 13)
      a.circle(410, 310, r, hose, {
        flat: true,
        sw: 0,
        extra: ` fill-opacity="0" stroke="${shade(hose, r % 2 ? -0.12 : 0.05)}" stroke-width="11"`,
      });
    a.circle(410, 310, 34, '#9ca3af', { radial: true });
    a.circle(410, 310, 10, '#52525b', { flat: true, sw: 0 });
    // hose guide + hose out
    a.rect(520, 420, 58, 36, '#374151', 8);
    a.tube('M560 440 Q640 450 660 480 Q680 500 720 500', hose, 12);
    a.circle(590, 446, 14, '#dc2626', { radial: true });
    a.rect(716, 490, 24, 20, BRASS, 4);
    a.rect(738, 494, 22, 12, '#b45309', 3);
  },

  'pneumatic-air-ratchet-3-8in': (a) => {
    a.shadow(410, 440, 300, 14);
    a.group('rotate(-8 400 320)', () => {
      // air inlet
      a.rect(96, 296, 34, 30, BRASS, 5);
      a.rect(78, 302, 22, 18, '#b45309', 3);
      // handle body
      a.rect(128, 284, 300, 54, DARK, 26);
      a.slots(150, 288, 240, 46, 12, '#3f3f46', true, 0.3);
      a.rect(424, 286, 26, 50, '#3b82f6', 6);
      // throttle lever
      a.path('M200 276 L420 270 L424 282 L206 288 Z', '#d4d4d8');
      // neck + head
      a.rect(446, 292, 190, 38, '#d4d4d8', 14);
      a.sheen(460, 296, 160, 6);
      a.circle(666, 311, 34, '#a1a1aa', { radial: true });
      a.circle(666, 311, 12, '#71717a', { flat: true, sw: 1 });
      a.rect(652, 344, 28, 30, '#71717a', 3);
      a.rect(660, 296, 14, 28, '#52525b', 4, { extra: ' transform="rotate(20 667 310)"' });
    });
  },

  'cut-off-wheels-125mm-25-pack': (a) => {
    const label = '#2563eb';
    a.shadow(420, 498, 300, 16);
    // stack of discs
    for (let i = 0; i < 7; i++) {
      const yy = 456 - i * 14;
      a.ellipse(300, yy + 5, 160, 50, '#27272a', { flat: true, sw: 1 });
      a.ellipse(300, yy, 160, 50, '#3f3f46', { radial: true, sw: 1 });
    }
    const ty = 456 - 6 * 14;
    a.ellipse(300, ty, 78, 25, label, { sw: 1 });
    a.ellipse(300, ty, 80, 26, '#facc15', {
      flat: true,
      sw: 0,
      extra: ' fill-opacity="0" stroke="#facc15" stroke-width="4"',
    });
    a.ellipse(300, ty, 16, 5, '#d4d4d8', { flat: true, sw: 1 });
    // standing disc
    a.circle(580, 290, 150, '#3f3f46', { radial: true });
    for (let i = 0; i < 12; i++) {
      const t = (i / 12) * Math.PI;
      const dx = Math.cos(t) * 146;
      const dy = Math.sin(t) * 146;
      a.line(
        `M${(580 - dx).toFixed(1)} ${(290 - dy).toFixed(1)}L${(580 + dx).toFixed(1)} ${(290 + dy).toFixed(1)}`,
        '#52525b',
        1.2,
        'butt',
        ' opacity="0.6"',
      );
    }
    a.circle(580, 290, 70, label);
    a.circle(580, 290, 72, '#facc15', {
      flat: true,
      sw: 0,
      extra: ' fill-opacity="0" stroke="#facc15" stroke-width="5"',
    });
    a.path('M540 270 L600 250 L620 310 L560 330 Z', '#ffffff', {
      flat: true,
      sw: 0,
      extra: ' opacity="0.25"',
    });
    a.circle(580, 290, 22, '#d4d4d8', { radial: true });
    a.circle(580, 290, 12, '#e7e5e4', { flat: true, sw: 1 });
  },

  'air-blow-gun-kit': (a) => {
    const alu = '#cbd5e1';
    a.shadow(400, 500, 280, 14);
    // gun
    a.path(
      'M300 150 L420 150 Q440 150 440 170 L440 200 L300 200 Q280 200 280 180 L280 170 Q280 150 300 150 Z',
      alu,
    );
    a.path('M300 196 L360 196 L352 350 L292 350 Z', alu);
    a.rect(286, 346, 74, 28, BRASS, 5);
    a.rect(300, 372, 46, 16, '#b45309', 3);
    a.path('M370 200 Q392 230 372 280 L358 276 Q374 236 362 204 Z', '#dc2626');
    a.rect(438, 164, 230, 20, '#94a3b8', 6);
    a.rect(664, 160, 22, 28, '#64748b', 4);
    a.sheen(300, 158, 120, 8);
    // nozzles laid out
    const ys = [430, 458, 486];
    const specs: Array<[number, number, number, string]> = [
      [130, ys[0] ?? 430, 150, '#94a3b8'],
      [330, ys[0] ?? 430, 110, '#facc15'],
      [500, ys[0] ?? 430, 170, '#94a3b8'],
      [180, ys[2] ?? 486, 220, '#cbd5e1'],
      [460, ys[2] ?? 486, 90, '#ef4444'],
    ];
    for (const [x, yy, len, c] of specs) {
      a.rect(x, yy - 12, 26, 24, '#64748b', 4);
      a.rect(x + 24, yy - 6, len, 12, c, 5);
    }
  },
};

export { drawings };

/** Drawing for one slug as an SVG fragment (ids prefixed), for compositing. */
export function productFragment(slug: string, idPrefix: string): { defs: string; body: string } {
  const draw = drawings[slug];
  if (!draw) throw new Error(`No drawing for product slug "${slug}"`);
  const art = new Art(W, H, undefined, idPrefix);
  draw(art);
  return art.fragment();
}

/** Build the SVG for one product slug (throws if no drawing exists). */
export function productSvg(slug: string, bg?: [string, string]): string {
  const draw = drawings[slug];
  if (!draw) throw new Error(`No drawing for product slug "${slug}"`);
  const art = new Art(W, H, bg);
  draw(art);
  return art.toString();
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = path.join(root, 'src/server/seed/images');
  await mkdir(outDir, { recursive: true });
  const missing = demoProducts.filter((p) => !drawings[p.slug]).map((p) => p.slug);
  if (missing.length) throw new Error(`Missing drawings for: ${missing.join(', ')}`);
  for (const p of demoProducts) {
    const buf = await sharp(Buffer.from(productSvg(p.slug)))
      .webp({ quality: 72, effort: 6, smartSubsample: true })
      .toBuffer();
    await writeFile(path.join(outDir, `${p.slug}.webp`), buf);
    console.log(`${p.slug}.webp  ${(buf.length / 1024).toFixed(1)} KB`);
  }
  if (process.argv.includes('--svg')) {
    for (const p of demoProducts) await writeFile(path.join(outDir, `${p.slug}.svg`), productSvg(p.slug));
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
