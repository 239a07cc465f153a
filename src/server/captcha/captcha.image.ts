import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '~/lib/rules/captcha';

/**
 * Draws a captcha as SVG, with no dependency. The digits are stroked outlines (paths), never
 * <text>: an SVG with text elements would hand its answer to anyone reading the markup. Each
 * glyph's points are transformed here (rotation, shear, scale, offset) and jittered, so the path
 * data of the same digit differs every time; the glyphs are written in a random order among noise
 * curves of the same stroke style, and dots are scattered over everything.
 *
 * This only raises the cost of a scripted lookup; the real protection of the lookups is the
 * per-IP limit and the need for an exact name and number (docs/security.md).
 */

type Point = [number, number];
type Stroke = Point[];

function ellipse(cx: number, cy: number, rx: number, ry: number, from = 0, to = 360, steps = 14): Stroke {
  const points: Stroke = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return points;
}

/** Digits on a 10 x 16 grid (y grows downwards), as one or more open strokes. */
const GLYPHS: Record<string, Stroke[]> = {
  '0': [ellipse(5, 8, 4.6, 7.6)],
  '1': [
    [
      [2, 3.5],
      [5.5, 0],
      [5.5, 16],
    ],
    [
      [2, 16],
      [9, 16],
    ],
  ],
  '2': [
    [
      [0.5, 4],
      [2.5, 0.8],
      [5.5, 0],
      [8.5, 1.2],
      [9.6, 4.2],
      [8.4, 7.5],
      [0.3, 16],
      [10, 16],
    ],
  ],
  '3': [
    [
      [0.5, 2],
      [4, 0],
      [7.8, 0.8],
      [9, 3.8],
      [7.6, 6.8],
      [4, 7.8],
    ],
    [
      [4, 7.8],
      [8.6, 9],
      [9.8, 12],
      [8, 15],
      [4.4, 16],
      [0.3, 14.2],
    ],
  ],
  '4': [
    [
      [7.2, 16],
      [7.2, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  '5': [
    [
      [9.2, 0],
      [1.4, 0],
      [0.6, 7],
      [5, 6],
      [9, 7.8],
      [10, 11.8],
      [8.2, 15],
      [4.4, 16],
      [0.3, 14.2],
    ],
  ],
  '6': [
    [
      [8.6, 1],
      [5, 0],
      [1.8, 2.4],
      [0.2, 7.4],
      [0.4, 12.6],
      [3, 15.8],
      [7, 15.8],
      [9.8, 12.8],
      [9.2, 9],
      [5.4, 7.8],
      [1.2, 9.6],
    ],
  ],
  '7': [
    [
      [0, 0.6],
      [10, 0.6],
      [4, 16],
    ],
    [
      [2.6, 8.4],
      [8, 8.4],
    ],
  ],
  '8': [ellipse(5, 4, 3.8, 3.9), ellipse(5, 11.9, 4.6, 4.1)],
  '9': [
    [
      [8.8, 6.4],
      [4.6, 8.2],
      [0.8, 6.8],
      [0.2, 3],
      [3, 0.2],
      [7, 0.2],
      [9.8, 3.2],
      [9.6, 8.6],
      [8, 13.6],
      [5, 16],
      [1.4, 15],
    ],
  ],
};

const INK = ['#1e3a8a', '#7c2d12', '#14532d', '#581c87', '#0f172a', '#9f1239', '#134e4a'];
const NOISE = ['#64748b', '#94a3b8', '#a16207', '#2563eb', '#be185d', '#15803d'];

export type Random = () => number;

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

function pathOf(points: Stroke): string {
  // Quadratic curves through the midpoints: the same outline as the polyline, but smooth.
  if (points.length < 3) return `M${points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L')}`;
  let d = `M${fmt(points[0]![0])} ${fmt(points[0]![1])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = points[i]!;
    const [nx, ny] = points[i + 1]!;
    const end = i === points.length - 2 ? [nx, ny] : [(x + nx) / 2, (y + ny) / 2];
    d += `Q${fmt(x)} ${fmt(y)} ${fmt(end[0]!)} ${fmt(end[1]!)}`;
  }
  return d;
}

function glyph(digit: string, slot: number, random: Random): string[] {
  const strokes = GLYPHS[digit];
  if (!strokes) throw new Error(`captcha: no glyph for ${digit}`);
  const scale = between(random, 1.15, 1.45);
  const angle = (between(random, -22, 22) * Math.PI) / 180;
  const shear = between(random, -0.3, 0.3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const width = CAPTCHA_WIDTH - 16;
  const cx = 8 + (width / 4) * (slot + 0.5) + between(random, -3, 3);
  const cy = CAPTCHA_HEIGHT / 2 + between(random, -3, 3);
  const ink = pick(random, INK);
  const strokeWidth = fmt(between(random, 2, 2.8));
  return strokes.map((stroke) => {
    const points = stroke.map(([x, y]): Point => {
      // Centre the glyph, shear, scale, rotate, move to its slot, then jitter each point.
      const gx = (x - 5 + (y - 8) * shear) * scale;
      const gy = (y - 8) * scale;
      return [cx + gx * cos - gy * sin + between(random, -0.5, 0.5), cy + gx * sin + gy * cos + between(random, -0.5, 0.5)];
    });
    return `<path d="${pathOf(points)}" fill="none" stroke="${ink}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
}

function noiseCurve(random: Random, strong: boolean): string {
  const y = () => fmt(between(random, 2, CAPTCHA_HEIGHT - 2));
  const x0 = fmt(between(random, 0, 20));
  const x1 = fmt(between(random, CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH));
  const c1 = fmt(between(random, 20, 56));
  const c2 = fmt(between(random, 56, 92));
  const d = `M${x0} ${y()}C${c1} ${y()} ${c2} ${y()} ${x1} ${y()}`;
  const color = strong ? pick(random, INK) : pick(random, NOISE);
  const width = fmt(strong ? between(random, 1.2, 1.8) : between(random, 0.6, 1.2));
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" opacity="${strong ? '0.7' : '0.9'}"/>`;
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The captcha picture of `code` (digits only), CAPTCHA_WIDTH x CAPTCHA_HEIGHT. */
export function renderCaptchaSvg(code: string, random: Random = Math.random): string {
  if (!/^\d{1,4}$/.test(code)) throw new Error('captcha: the code must be 1 to 4 digits');
  const parts: string[] = [];
  [...code].forEach((digit, slot) => {
    parts.push(...glyph(digit, slot, random));
  });
  const curves = 3 + Math.floor(random() * 3);
  for (let i = 0; i < curves; i++) parts.push(noiseCurve(random, i < 2));
  shuffle(parts, random);
  const dots: string[] = [];
  for (let i = 0; i < 36; i++) {
    dots.push(
      `<circle cx="${fmt(between(random, 0, CAPTCHA_WIDTH))}" cy="${fmt(between(random, 0, CAPTCHA_HEIGHT))}" ` +
        `r="${fmt(between(random, 0.5, 1.4))}" fill="${pick(random, NOISE)}"/>`,
    );
  }
  const hue = Math.floor(between(random, 190, 230));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
    `<rect width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="hsl(${hue} 60% 95%)"/>` +
    parts.join('') +
    dots.join('') +
    '</svg>'
  );
}
