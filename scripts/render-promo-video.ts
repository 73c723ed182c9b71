/**
 * Renders the homepage promo clip from the same SVG product drawings used for
 * the seed images (no text, no audio):
 *   src/web/public/video/promo.mp4         H.264 yuv420p, +faststart, 640x360
 *   src/web/public/video/promo.webm        VP9, 640x360
 *   src/web/public/video/promo-poster.webp 640x360
 *
 * Run: node_modules/.bin/tsx scripts/render-promo-video.ts
 * Dev-time only; requires ffmpeg (with libx264 + libvpx-vp9) on PATH or in $FFMPEG.
 * Frames are rasterised with sharp, so motion is sub-pixel smooth.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { productFragment } from './render-seed-images';

const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const OUT_W = 640;
const OUT_H = 360;
const VB_W = 1280;
const VB_H = 720;
const FPS = 25;
const SCENE = 2.6; // seconds per product scene (incl. fades)
const FADE = 0.5; // crossfade length
const END = 2.3; // end card length
const BRAND = '#1d4ed8';

const SCENES = [
  'atlas-50l-oil-free-air-compressor',
  '18v-brushless-impact-wrench',
  'rotary-screw-compressor-7-5kw',
  'heavy-duty-angle-grinder-230mm',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'src/web/public/video');

const fragments = SCENES.map((slug, i) => productFragment(slug, `s${i}`));
const starts = SCENES.map((_, i) => i * (SCENE - FADE));
const endStart = SCENES.length * (SCENE - FADE);
const TOTAL = endStart + END;

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const smooth = (x: number) => {
  const t = clamp01(x);
  return t * t * (3 - 2 * t);
};
const f = (n: number) => n.toFixed(2);

/** Same gear + wrench mark as public/favicon.svg (64x64 units), single colour. */
function brandMark(color: string, bg: string): string {
  return (
    `<path fill="${color}" fill-rule="evenodd" d="M48.5 26.1L54.7 28L54.7 36L48.5 37.9L47.8 39.5L50.8 45.2L45.2 50.8L39.5 47.8L37.9 48.5L36 54.7L28 54.7L26.1 48.5L24.5 47.8L18.8 50.8L13.2 45.2L16.2 39.5L15.5 37.9L9.3 36L9.3 28L15.5 26.1L16.2 24.5L13.2 18.8L18.8 13.2L24.5 16.2L26.1 15.5L28 9.3L36 9.3L37.9 15.5L39.5 16.2L45.2 13.2L50.8 18.8L47.8 24.5ZM32 21a11 11 0 1 0 0 22a11 11 0 1 0 0-22Z"/>` +
    `<g transform="rotate(45 32 32)"><path fill="${bg}" d="M26 20h12v31a6 6 0 0 1-12 0Z M32 4a13 13 0 1 1 0 26a13 13 0 1 1 0-26Z"/>` +
    `<path fill="${color}" d="M28.5 22h7v28.5a3.5 3.5 0 0 1-7 0Z M32 6.5a10.5 10.5 0 1 1 0 21a10.5 10.5 0 1 1 0-21Z"/><rect x="28.5" y="4" width="7" height="11" fill="${bg}"/></g>`
  );
}

function frameSvg(t: number): string {
  const defs: string[] = [
    `<radialGradient id="bg" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dfe4ec"/></radialGradient>`,
    `<radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${BRAND}" stop-opacity="0.13"/><stop offset="1" stop-color="${BRAND}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cbd5e1" stop-opacity="0"/><stop offset="1" stop-color="#cbd5e1" stop-opacity="0.55"/></linearGradient>`,
  ];
  const body: string[] = [
    `<rect width="${VB_W}" height="${VB_H}" fill="url(#bg)"/>`,
    `<rect y="${VB_H * 0.7}" width="${VB_W}" height="${VB_H * 0.3}" fill="url(#floor)"/>`,
  ];
  // slowly drifting brand halo and thin accent line
  const hx = 640 + Math.sin(t * 0.6) * 120;
  body.push(`<ellipse cx="${f(hx)}" cy="330" rx="520" ry="360" fill="url(#halo)"/>`);
  const lineW = 120 + 80 * Math.sin(t * 0.9);
  body.push(
    `<rect x="${f(640 - lineW)}" y="682" width="${f(lineW * 2)}" height="4" rx="2" fill="${BRAND}" opacity="0.35"/>`,
  );

  SCENES.forEach((_, i) => {
    const s0 = starts[i] ?? 0;
    const local = t - s0;
    if (local < 0 || local > SCENE) return;
    const fadeIn = i === 0 ? 1 : smooth(local / FADE);
    const fadeOut = 1 - smooth((local - (SCENE - FADE)) / FADE);
    const op = fadeIn * fadeOut;
    if (op <= 0.001) return;
    const p = local / SCENE;
    const dir = i % 2 === 0 ? 1 : -1;
    const scale = 1.2 + 0.1 * p; // gentle push-in
    const dx = dir * (40 - 80 * p); // slow lateral drift
    const dy = 6 - 12 * p;
    const frag = fragments[i];
    if (!frag) return;
    defs.push(frag.defs);
    body.push(
      `<g opacity="${op.toFixed(3)}" transform="translate(${f(640 + dx)} ${f(352 + dy)}) scale(${scale.toFixed(4)}) translate(-400 -300)">${frag.body}</g>`,
    );
  });

  const e = t - endStart;
  if (e > 0) {
    const op = smooth(e / FADE);
    const k = smooth(e / 1.2);
    const sc = 3.4 + 0.6 * k;
    const rot = -50 * (1 - k);
    body.push(`<rect width="${VB_W}" height="${VB_H}" fill="${BRAND}" opacity="${op.toFixed(3)}"/>`);
    body.push(
      `<circle cx="640" cy="360" r="${f(150 + 40 * k)}" fill="#ffffff" opacity="${(0.08 * op).toFixed(3)}"/>`,
      `<g opacity="${op.toFixed(3)}" transform="translate(640 360) scale(${sc.toFixed(4)}) rotate(${f(rot)}) translate(-32 -32)">${brandMark('#ffffff', BRAND)}</g>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${VB_W} ${VB_H}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'promo-'));
  try {
    const frames = Math.round(TOTAL * FPS);
    const batch = 8;
    for (let i = 0; i < frames; i += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, frames - i) }, (_, k) => {
          const n = i + k;
          return sharp(Buffer.from(frameSvg(n / FPS)))
            .png({ compressionLevel: 1 })
            .toFile(path.join(tmp, `f${String(n).padStart(4, '0')}.png`));
        }),
      );
    }
    console.log(`rendered ${frames} frames (${TOTAL.toFixed(1)} s @ ${FPS} fps)`);

    const input = [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-framerate',
      String(FPS),
      '-i',
      path.join(tmp, 'f%04d.png'),
    ];
    const mp4 = path.join(outDir, 'promo.mp4');
    const webm = path.join(outDir, 'promo.webm');
    execFileSync(
      FFMPEG,
      [
        ...input,
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryslow',
        '-tune',
        'animation',
        '-crf',
        '22',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        '-g',
        String(FPS * 4),
        '-movflags',
        '+faststart',
        mp4,
      ],
      { stdio: 'inherit' },
    );
    execFileSync(
      FFMPEG,
      [
        ...input,
        '-an',
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '33',
        '-deadline',
        'good',
        '-cpu-used',
        '1',
        '-row-mt',
        '1',
        '-g',
        String(FPS * 4),
        '-pix_fmt',
        'yuv420p',
        webm,
      ],
      { stdio: 'inherit' },
    );

    // Poster: first scene, mid push-in
    const poster = await sharp(Buffer.from(frameSvg(1.2)))
      .webp({ quality: 74, effort: 6 })
      .toBuffer();
    await writeFile(path.join(outDir, 'promo-poster.webp'), poster);

    for (const file of ['promo.mp4', 'promo.webm', 'promo-poster.webp']) {
      const { size } = await stat(path.join(outDir, file));
      console.log(`${file}  ${(size / 1024).toFixed(1)} KB`);
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
