// Small helpers shared by the demo illustrations. Every picture is plain SVG text rendered by sharp,
// so the demo needs no network and no binary assets in the repository.

export type Palette = {
  /** Background gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** Safety colour used for straps, labels and glows. */
  accent: string;
};

// Slate, charcoal and steel backdrops with safety-orange and amber accents.
const PALETTES: readonly Palette[] = [
  { from: "#3d4a5c", to: "#0f172a", accent: "#f97316" },
  { from: "#4a4744", to: "#171514", accent: "#f59e0b" },
  { from: "#52607a", to: "#1b2333", accent: "#fb923c" },
];

export function paletteAt(index: number): Palette {
  return PALETTES[index % PALETTES.length]!;
}

export function svgDocument(width: number, height: number, defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Fonts that librsvg finds on most Linux hosts; the list ends with the generic family. */
export const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

export function escapeXml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Gradient backdrop with a faint drafting grid and a soft glow behind the subject. */
export function backdrop(width: number, height: number, palette: Palette, glow = { x: 0.5, y: 0.5 }) {
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${glow.x}" cy="${glow.y}" r="0.55">
      <stop offset="0" stop-color="${palette.accent}" stop-opacity="0.22"/>
      <stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/>
    </radialGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0H0V40" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="1"/>
    </pattern>`;
  const body = `
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <rect width="${width}" height="${height}" fill="url(#grid)"/>
    <rect width="${width}" height="${height}" fill="url(#glow)"/>`;
  return { defs, body };
}

/** Soft contact shadow under an object standing on the floor. */
export function floorShadow(cx: number, cy: number, rx: number, ry: number) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000000" fill-opacity="0.35"/>`;
}

export function polygon(points: ReadonlyArray<readonly [number, number]>, attrs: string) {
  return `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(" ")}" ${attrs}/>`;
}

export function round(value: number) {
  return Math.round(value * 10) / 10;
}

/** A sine wave as path points from x0 to x1, used for corrugate profiles and fibre textures. */
export function wavePoints(x0: number, x1: number, y: number, amplitude: number, period: number, phase = 0) {
  const points: string[] = [];
  for (let x = x0; x <= x1 + 0.01; x += 2) {
    const yy = y + amplitude * Math.sin(((x - x0) / period) * Math.PI * 2 + phase);
    points.push(`${round(x)},${round(yy)}`);
  }
  return points;
}
