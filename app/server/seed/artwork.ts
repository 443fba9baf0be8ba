// The remaining demo pictures: catalogue banner, reviewer portraits, brand logos and certificates.
import { drawMotif, type MotifName } from "./motifs";
import { backdrop, escapeXml, FONT, paletteAt, svgDocument } from "./svg";

/** A fanned-out trade catalogue on the right of a 1600x600 banner. */
export function catalogueBannerSvg() {
  const palette = paletteAt(1);
  const base = backdrop(1600, 600, palette, { x: 0.72, y: 0.5 });
  const pages: Array<[number, MotifName]> = [
    [-14, "timber"],
    [-3, "roofing"],
    [9, "tools"],
  ];
  const fan = pages
    .map(([angle, motif], i) => {
      const bars = [0, 1, 2, 3]
        .map(
          (k) =>
            `<rect x="30" y="${330 + k * 22}" width="${k === 3 ? 150 : 280}" height="10" rx="5" fill="#cbd5e1"/>`,
        )
        .join("");
      return `<g transform="rotate(${angle} 1150 760) translate(${980} 110)">
        <rect x="6" y="8" width="340" height="450" rx="10" fill="#000000" opacity="0.35"/>
        <rect width="340" height="450" rx="10" fill="#f8fafc"/>
        <rect width="340" height="56" rx="10" fill="${palette.accent}"/><rect y="40" width="340" height="16" fill="${palette.accent}"/>
        <rect x="20" y="72" width="300" height="225" rx="6" fill="#1f2937"/>
        <g transform="translate(20 72) scale(0.75)">${drawMotif(motif, i, paletteAt(i), `page-${i}`)}</g>
        ${bars}
      </g>`;
    })
    .join("");
  // Hazard stripes along the bottom edge, the trade-yard signature.
  const stripes = `<defs><pattern id="hazard" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="20" height="40" fill="${palette.accent}"/><rect x="20" width="20" height="40" fill="#111827"/></pattern></defs>
    <rect y="570" width="1600" height="30" fill="url(#hazard)"/>`;
  return svgDocument(1600, 600, base.defs, `${base.body}${fan}${stripes}`);
}

const SKIN = ["#f1c7a5", "#c98d66", "#8d5a3b", "#e8b896", "#a86f4c", "#f3d2b8"];
const SHIRTS = ["#f97316", "#1e3a5f", "#facc15", "#475569", "#0f766e", "#7c2d12"];

/** A friendly tradie portrait: head, shoulders, and a hard hat on every other one. */
export function avatarSvg(index: number) {
  const skin = SKIN[index % SKIN.length]!;
  const shirt = SHIRTS[index % SHIRTS.length]!;
  const palette = paletteAt(index);
  const hat =
    index % 2 === 0
      ? `<path d="M78 104 a50 46 0 0 1 100 0z" fill="${index % 4 === 0 ? "#facc15" : "#f8fafc"}"/><rect x="68" y="100" width="120" height="12" rx="6" fill="${index % 4 === 0 ? "#eab308" : "#e2e8f0"}"/><rect x="122" y="60" width="12" height="42" rx="4" fill="#000000" opacity="0.12"/>`
      : `<path d="M82 112 q4 -52 46 -54 q42 2 46 54 q-10 -22 -46 -24 q-36 2 -46 24z" fill="#3f2d1f"/>`;
  // Reflective strips make the shirt read as hi-vis workwear.
  const vest =
    index % 3 === 0
      ? `<rect x="70" y="222" width="116" height="8" fill="#e5e7eb" opacity="0.85"/><rect x="92" y="190" width="8" height="66" fill="#e5e7eb" opacity="0.85"/><rect x="156" y="190" width="8" height="66" fill="#e5e7eb" opacity="0.85"/>`
      : "";
  const body = `
    <rect width="256" height="256" fill="${palette.from}"/>
    <circle cx="128" cy="128" r="128" fill="${palette.to}" opacity="0.35"/>
    <path d="M36 256 q6 -78 92 -82 q86 4 92 82z" fill="${shirt}"/>${vest}
    <rect x="112" y="150" width="32" height="30" fill="${skin}"/>
    <ellipse cx="128" cy="118" rx="44" ry="50" fill="${skin}"/>
    <circle cx="112" cy="120" r="4" fill="#1f2937"/><circle cx="144" cy="120" r="4" fill="#1f2937"/>
    <path d="M112 142 q16 12 32 0" fill="none" stroke="#7c2d12" stroke-width="4" stroke-linecap="round"/>
    ${hat}`;
  return svgDocument(256, 256, "", body);
}

export type LogoGlyph = "roof" | "tree" | "bolt" | "leaf" | "wave" | "hammer" | "key" | "drop";

const GLYPHS: Record<LogoGlyph, string> = {
  roof: `<path d="M18 66 L60 28 L102 66 M32 66 V96 H88 V66" fill="none" stroke="#fff" stroke-width="9" stroke-linejoin="round"/>`,
  tree: `<path d="M60 18 L96 82 H24Z" fill="#fff"/><rect x="53" y="82" width="14" height="20" fill="#fff"/>`,
  bolt: `<path d="M42 22 h36 l10 18 -10 18 h-36 l-10 -18z" fill="#fff"/><rect x="51" y="58" width="18" height="42" fill="#fff"/>`,
  leaf: `<path d="M24 96 C24 40 60 20 98 22 C98 64 76 96 24 96Z" fill="#fff"/><path d="M30 90 L80 40" stroke="currentColor" stroke-width="5"/>`,
  wave: `<path d="M16 46 q11 -14 22 0 t22 0 t22 0 t22 0 M16 70 q11 -14 22 0 t22 0 t22 0 t22 0" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
  hammer: `<rect x="54" y="44" width="14" height="58" rx="4" fill="#fff"/><path d="M30 24 h58 v22 h-58z M30 24 q-12 10 -8 22 h8z" fill="#fff"/>`,
  key: `<circle cx="42" cy="60" r="20" fill="none" stroke="#fff" stroke-width="9"/><path d="M62 60 h38 M88 60 v16 M76 60 v12" stroke="#fff" stroke-width="9"/>`,
  drop: `<path d="M60 18 C80 48 92 62 92 76 a32 32 0 0 1 -64 0 C28 62 40 48 60 18Z" fill="#fff"/>`,
};

/** How a brand's logo is laid out: the demo's brands do not all look alike, as real ones don't. */
export type LogoLayout = "tile" | "wordmark" | "emblem" | "banner";

export const LOGO_WIDTH = 480;
const LOGO_HEIGHT = 160;
const SERIF = "DejaVu Serif, Liberation Serif, Georgia, Times New Roman, serif";

/** The largest font size (up to `max`) at which `text` fits `width`, at about `em` per character. */
function fitSize(text: string, width: number, max: number, em: number) {
  return Math.min(max, Math.floor(width / (text.length * em)));
}

/**
 * A glyph of GLYPHS (drawn white on a 120 px square) scaled to `size` at x, y: in `ink`, its
 * cut-out lines (the leaf's vein) in `ground`, the colour it is drawn on.
 */
function glyph(name: LogoGlyph, x: number, y: number, size: number, ink: string, ground: string) {
  const drawing = GLYPHS[name].replaceAll("#fff", ink);
  return `<g transform="translate(${x} ${y}) scale(${size / 120})" color="${ground}">${drawing}</g>`;
}

function text(x: number, y: number, size: number, content: string, attrs: string) {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${escapeXml(content)}</text>`;
}

/** The name split for two lines: all but the last word, then the last word. */
function twoLines(name: string): [string, string] {
  const words = name.split(" ");
  return words.length > 1 ? [words.slice(0, -1).join(" "), words.at(-1)!] : [name, ""];
}

/**
 * A 480x160 brand logo on white, in one of four layouts: a coloured tile with the name beside it,
 * a wordmark in capitals, a round emblem with a serif name, or a solid banner. The layout is named
 * in a `data-layout` attribute so a test can tell them apart.
 */
export function logoSvg(
  name: string,
  tagline: string,
  colour: string,
  mark: LogoGlyph,
  layout: LogoLayout = "tile",
) {
  const sans = `font-family="${FONT}"`;
  let body: string;
  if (layout === "tile") {
    const [first, last] = twoLines(name);
    const size = fitSize(first.length > last.length ? first : last, 300, 40, 0.68);
    body = `<rect x="16" y="20" width="120" height="120" rx="26" fill="${colour}"/>${glyph(mark, 16, 20, 120, "#fff", colour)}
      ${text(156, 66, size, first, `${sans} font-weight="700" fill="#1f2937"`)}
      ${last ? text(156, 66 + size + 2, size, last, `${sans} font-weight="700" fill="#1f2937"`) : ""}
      ${text(157, 136, 17, tagline, `${sans} fill="#64748b"`)}`;
  } else if (layout === "wordmark") {
    const [first, last] = twoLines(name.toUpperCase());
    const size = fitSize(first, 330, 58, 0.8);
    const spaced = last.split("").join(" ");
    body = `${glyph(mark, 14, 28, 104, colour, "#fff")}
      ${text(134, 86, size, first, `${sans} font-weight="700" fill="#111827" letter-spacing="1"`)}
      ${text(137, 124, fitSize(spaced, 320, 24, 0.66), spaced, `${sans} font-weight="700" fill="${colour}"`)}`;
  } else if (layout === "emblem") {
    const [first, last] = twoLines(name);
    const size = fitSize(first.length > last.length ? first : last, 310, 40, 0.62);
    body = `<circle cx="80" cy="80" r="66" fill="${colour}"/>
      <circle cx="80" cy="80" r="58" fill="none" stroke="#fff" stroke-width="3" stroke-opacity="0.7"/>
      ${glyph(mark, 36, 36, 88, "#fff", colour)}
      ${text(164, 62, size, first, `font-family="${SERIF}" font-weight="700" fill="${colour}"`)}
      ${last ? text(164, 62 + size + 2, size, last, `font-family="${SERIF}" font-weight="700" fill="${colour}"`) : ""}
      ${text(165, 144, 16, tagline, `font-family="${SERIF}" font-style="italic" fill="#475569"`)}`;
  } else {
    const size = fitSize(name, 330, 40, 0.7);
    body = `<rect x="4" y="20" width="472" height="120" rx="18" fill="${colour}"/>
      ${glyph(mark, 22, 36, 88, "#fff", colour)}
      ${text(126, 84, size, name, `${sans} font-weight="700" font-style="italic" fill="#ffffff"`)}
      ${text(128, 116, 17, tagline.toUpperCase(), `${sans} fill="#ffffff" fill-opacity="0.85" letter-spacing="2"`)}`;
  }
  return svgDocument(
    LOGO_WIDTH,
    LOGO_HEIGHT,
    "",
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="#ffffff"/><g data-layout="${layout}">${body}</g>`,
  );
}

/** Split a title into at most two lines of about `width` characters. */
function wrapTitle(title: string, width: number) {
  if (title.length <= width) return [title];
  const words = title.split(" ");
  let first = "";
  while (words.length > 0 && `${first} ${words[0]}`.trim().length <= width)
    first = `${first} ${words.shift()}`.trim();
  return [first, words.join(" ")];
}

type CertificateArt = {
  title: string;
  category: string;
  number: string;
  issuer: string;
  year: number;
};

/** A 1200x850 certificate with border, title, seal and signature line. */
export function certificateSvg(cert: CertificateArt, accent = "#f97316") {
  const title = wrapTitle(cert.title, 30)
    .map(
      (line, i) =>
        `<text x="600" y="${330 + i * 58}" text-anchor="middle" font-family="${FONT}" font-size="48" font-weight="700" fill="#1f2937">${escapeXml(line)}</text>`,
    )
    .join("");
  const rosette: string[] = [];
  for (let i = 0; i < 24; i++) {
    const a = (Math.PI * 2 * i) / 24;
    rosette.push(`${960 + Math.cos(a) * 80},${660 + Math.sin(a) * 80}`);
    const b = a + Math.PI / 24;
    rosette.push(`${960 + Math.cos(b) * 66},${660 + Math.sin(b) * 66}`);
  }
  const small = (x: number, y: number, text: string, anchor = "middle", size = 22, fill = "#475569") =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-size="${size}" fill="${fill}">${escapeXml(text)}</text>`;
  const body = `
    <rect width="1200" height="850" fill="#fbf8f1"/>
    <rect x="30" y="30" width="1140" height="790" fill="none" stroke="#1f2937" stroke-width="14"/>
    <rect x="56" y="56" width="1088" height="738" fill="none" stroke="${accent}" stroke-width="3"/>
    ${small(600, 150, cert.category.toUpperCase(), "middle", 22, accent)}
    <text x="600" y="228" text-anchor="middle" font-family="${FONT}" font-size="30" letter-spacing="12" fill="#475569">CERTIFICATE</text>
    <rect x="450" y="256" width="300" height="3" fill="${accent}"/>
    ${title}
    ${small(600, 480, `Awarded to Trade Counter Ltd, Penrose, Auckland`)}
    ${small(600, 516, `Certificate no. ${cert.number}  ·  Issued ${cert.year}  ·  ${cert.issuer}`)}
    <path d="M170 690 q30 -40 60 -6 t60 -10 t70 4" fill="none" stroke="#1e3a5f" stroke-width="3"/>
    <rect x="160" y="712" width="300" height="2" fill="#1f2937"/>
    ${small(310, 744, "Authorised signatory", "middle", 18)}
    <polygon points="${rosette.join(" ")}" fill="${accent}"/>
    <circle cx="960" cy="660" r="54" fill="none" stroke="#ffffff" stroke-width="3"/>
    <path d="M934 662 l18 18 l36 -40" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    ${small(600, 790, "Demonstration document: illustrative only", "middle", 16, "#94a3b8")}`;
  return svgDocument(1200, 850, "", body);
}
