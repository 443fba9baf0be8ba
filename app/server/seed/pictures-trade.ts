// Product pictures for the trade range: tools, hardware, fixings and paint, each drawn in the
// 400x300 box of the category motifs.
import { type Drawing, extrude, pick, prism } from "./pictures-building";
import { FONT, floorShadow, polygon, round } from "./svg";

const BLACK = "#1f2937";
const STEEL = "#c9d1db";
const EDGE = "#475569";

/** A circular blade: a steel disc with `teeth` teeth and an arbor nut. */
function blade(cx: number, cy: number, r: number, teeth = 24) {
  const points: [number, number][] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const a = (Math.PI * i) / teeth;
    const radius = i % 2 === 0 ? r : r - 9;
    points.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
  }
  return `${polygon(points, `fill="${STEEL}" stroke="${EDGE}" stroke-width="1.5"`)}
    <circle cx="${cx}" cy="${cy}" r="${round(r * 0.72)}" fill="none" stroke="#94a3b8" stroke-width="2"/>
    <circle cx="${cx}" cy="${cy}" r="12" fill="${EDGE}"/>`;
}

/** The battery pack and grip shared by the cordless tools. */
function battery(x: number, y: number, colour: string) {
  return `<rect x="${x}" y="${y}" width="96" height="40" rx="6" fill="${BLACK}"/>
    <rect x="${x + 8}" y="${y + 6}" width="80" height="8" rx="3" fill="${colour}"/>
    <rect x="${x + 62}" y="${y + 22}" width="22" height="8" rx="2" fill="#a3e635"/>`;
}

const drill: Drawing = (_variant, palette) => `${floorShadow(200, 262, 160, 12)}
  <rect x="60" y="108" width="60" height="26" rx="4" fill="#64748b"/>
  <rect x="36" y="114" width="30" height="14" rx="3" fill="#94a3b8"/>
  <rect x="112" y="84" width="170" height="72" rx="24" fill="${palette.accent}" stroke="#00000040"/>
  <rect x="236" y="84" width="46" height="72" rx="20" fill="${BLACK}"/>
  <path d="M170 150 h62 l-10 70 h-50z" fill="${BLACK}"/>
  <rect x="158" y="146" width="16" height="22" rx="4" fill="#334155"/>
  ${battery(148, 218, palette.accent)}`;

const circularSaw: Drawing = (_variant, palette) => `${floorShadow(200, 262, 175, 12)}
  ${blade(170, 178, 84)}
  <path d="M80 178 a90 90 0 0 1 180 0 h-24 a66 66 0 0 0 -132 0z" fill="${palette.accent}" stroke="#00000040"/>
  <rect x="48" y="236" width="300" height="14" rx="3" fill="#94a3b8" stroke="${EDGE}"/>
  <rect x="230" y="112" width="100" height="62" rx="18" fill="${BLACK}"/>
  <path d="M200 98 q50 -52 110 -14 l-14 22 q-44 -26 -82 8z" fill="${BLACK}"/>
  <rect x="250" y="126" width="70" height="10" rx="4" fill="${palette.accent}"/>`;

const nailer: Drawing = (_variant, palette) => `${floorShadow(200, 264, 170, 12)}
  <rect x="90" y="70" width="190" height="60" rx="22" fill="${palette.accent}" stroke="#00000040"/>
  <rect x="60" y="84" width="40" height="120" rx="6" fill="${BLACK}"/>
  <rect x="66" y="200" width="28" height="44" rx="3" fill="#94a3b8"/>
  <path d="M220 126 h48 l16 70 h-46z" fill="${BLACK}"/>
  <g transform="rotate(-22 120 220)"><rect x="96" y="196" width="250" height="34" rx="4" fill="#334155"/>
  ${Array.from({ length: 14 }, (_, i) => `<rect x="${104 + i * 17}" y="200" width="3" height="26" fill="#cbd5e1"/>`).join("")}</g>
  <rect x="250" y="84" width="36" height="10" rx="3" fill="#ffffff" opacity="0.35"/>`;

const hammer: Drawing = () => `${floorShadow(200, 256, 175, 12)}
  <g transform="rotate(-30 200 160)">
    <rect x="60" y="146" width="250" height="26" rx="10" fill="#facc15"/>
    <rect x="60" y="146" width="110" height="26" rx="10" fill="${BLACK}"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${72 + i * 13}" y="146" width="4" height="26" fill="#000000" opacity="0.4"/>`).join("")}
    <path d="M300 96 h30 v66 h-30z" fill="#9aa6b4" stroke="${EDGE}" stroke-width="2"/>
    <path d="M330 104 h34 v44 h-34z" fill="#aab4c0" stroke="${EDGE}" stroke-width="2"/>
    <path d="M300 162 h30 q8 34 -6 70 q-8 -30 -24 -40z" fill="#8593a3" stroke="${EDGE}" stroke-width="2"/>
  </g>`;

const tapeMeasure: Drawing = (_variant, palette) => `${floorShadow(200, 254, 175, 12)}
  <rect x="170" y="206" width="210" height="28" fill="#facc15"/>
  ${Array.from({ length: 20 }, (_, i) => `<rect x="${176 + i * 10}" y="206" width="1.5" height="${i % 5 === 0 ? 14 : 8}" fill="${BLACK}"/>`).join("")}
  <rect x="374" y="200" width="8" height="40" fill="#94a3b8"/>
  <rect x="40" y="70" width="170" height="170" rx="40" fill="${BLACK}"/>
  <rect x="54" y="84" width="142" height="142" rx="32" fill="${palette.accent}"/>
  <circle cx="125" cy="155" r="34" fill="${BLACK}"/><circle cx="125" cy="155" r="12" fill="#9aa6b4"/>
  <rect x="96" y="60" width="60" height="18" rx="6" fill="${BLACK}"/>`;

const spiritLevel: Drawing = (_variant, palette) => `${floorShadow(200, 250, 190, 12)}
  <g transform="rotate(-8 200 170)">
    <rect x="20" y="150" width="360" height="56" rx="6" fill="${palette.accent}" stroke="#00000040"/>
    <rect x="26" y="156" width="348" height="10" rx="3" fill="#ffffff" opacity="0.25"/>
    ${[60, 200, 340]
      .map(
        (x) =>
          `<rect x="${x - 24}" y="164" width="48" height="28" rx="10" fill="${BLACK}"/><rect x="${x - 17}" y="170" width="34" height="16" rx="8" fill="#a3e635"/><circle cx="${x + 2}" cy="178" r="5" fill="#ecfccb"/>`,
      )
      .join("")}
    <rect x="120" y="150" width="40" height="56" fill="${BLACK}" opacity="0.15"/>
  </g>`;

const mitreSaw: Drawing = (_variant, palette) => `${floorShadow(200, 262, 185, 12)}
  <rect x="30" y="220" width="340" height="30" rx="6" fill="#475569"/>
  <ellipse cx="200" cy="222" rx="110" ry="18" fill="#64748b"/>
  <rect x="60" y="190" width="280" height="14" fill="#94a3b8" stroke="${EDGE}"/>
  <rect x="270" y="120" width="22" height="104" fill="#334155"/>
  ${blade(190, 150, 70)}
  <path d="M110 150 a80 80 0 0 1 160 0 h-18 a62 62 0 0 0 -124 0z" fill="${palette.accent}" stroke="#00000040"/>
  <rect x="200" y="56" width="110" height="46" rx="16" fill="${BLACK}"/>
  <path d="M110 80 h70 v26 h-70z" fill="${palette.accent}"/>`;

const screwHead = (cx: number, cy: number) =>
  `<circle cx="${cx}" cy="${cy}" r="7" fill="#64748b"/><path d="M${cx - 4} ${cy} h8 M${cx} ${cy - 4} v8" stroke="#e2e8f0" stroke-width="1.6"/>`;

const buttHinge: Drawing = () => `${floorShadow(200, 262, 170, 12)}
  <rect x="86" y="50" width="104" height="200" rx="4" fill="#d5dbe2" stroke="${EDGE}" stroke-width="2"/>
  <rect x="206" y="50" width="104" height="200" rx="4" fill="#c4ccd5" stroke="${EDGE}" stroke-width="2"/>
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="184" y="${50 + i * 40}" width="28" height="38" rx="8" fill="#aab4c0" stroke="${EDGE}"/>`).join("")}
  ${[138, 258].map((x) => [90, 150, 210].map((y) => screwHead(x, y)).join("")).join("")}`;

const leverSet: Drawing = () => `${floorShadow(200, 262, 170, 12)}
  <rect x="70" y="40" width="70" height="210" rx="35" fill="#d5dbe2" stroke="${EDGE}" stroke-width="2"/>
  <circle cx="105" cy="110" r="26" fill="#e2e8f0" stroke="${EDGE}"/>
  <rect x="92" y="96" width="176" height="30" rx="15" fill="#aab4c0" stroke="${EDGE}" stroke-width="2"/>
  <rect x="100" y="100" width="160" height="7" rx="3" fill="#ffffff" opacity="0.5"/>
  <circle cx="105" cy="196" r="16" fill="#e2e8f0" stroke="${EDGE}"/><rect x="102" y="186" width="6" height="20" fill="${EDGE}"/>
  <g transform="rotate(-20 290 210)"><circle cx="250" cy="210" r="22" fill="#caa54a"/><circle cx="250" cy="210" r="7" fill="#1f2937"/>
  <path d="M270 204 h70 v6 l-6 6 l-6 -6 l-6 6 l-6 -6 h-46z" fill="#caa54a"/></g>`;

const gateHinge: Drawing = () => `${floorShadow(200, 262, 180, 12)}
  <path d="M40 120 h230 l20 12 v16 l-20 12 h-230z" fill="#b8bfc8" stroke="${EDGE}" stroke-width="2"/>
  ${[80, 140, 200].map((x) => `<circle cx="${x}" cy="140" r="7" fill="#334155"/>`).join("")}
  <rect x="284" y="100" width="26" height="80" rx="10" fill="#aab4c0" stroke="${EDGE}" stroke-width="2"/>
  <rect x="300" y="80" width="70" height="120" rx="6" fill="#b8bfc8" stroke="${EDGE}" stroke-width="2"/>
  ${[110, 170].map((y) => `<circle cx="340" cy="${y}" r="7" fill="#334155"/>`).join("")}
  <rect x="60" y="210" width="120" height="30" rx="6" fill="#aab4c0" stroke="${EDGE}"/>`;

const barnDoorTrack: Drawing = (_variant, palette) => `${floorShadow(200, 262, 190, 12)}
  <rect x="14" y="70" width="372" height="22" rx="4" fill="${BLACK}"/>
  <rect x="14" y="70" width="372" height="5" fill="#ffffff" opacity="0.15"/>
  ${[100, 280]
    .map(
      (x) =>
        `<circle cx="${x}" cy="66" r="22" fill="#27272a" stroke="#52525b" stroke-width="3"/><circle cx="${x}" cy="66" r="6" fill="#71717a"/><rect x="${x - 10}" y="66" width="20" height="150" rx="4" fill="#27272a"/>`,
    )
    .join("")}
  <rect x="70" y="150" width="260" height="100" fill="#7c5a35" opacity="0.9"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${70 + i * 65}" y="150" width="2" height="100" fill="#00000040"/>`).join("")}
  <rect x="188" y="190" width="24" height="8" rx="3" fill="${palette.accent}"/>`;

const gateLatch: Drawing = (_variant, palette) => `${floorShadow(200, 262, 160, 12)}
  <rect x="110" y="40" width="70" height="210" rx="8" fill="${BLACK}"/>
  <rect x="118" y="26" width="54" height="26" rx="10" fill="${palette.accent}"/>
  <rect x="126" y="70" width="38" height="60" rx="4" fill="#334155"/>
  <rect x="230" y="140" width="60" height="110" rx="6" fill="${BLACK}"/>
  <path d="M200 170 h40 v26 h-40z" fill="#334155"/>
  <text x="145" y="200" text-anchor="middle" font-size="20" font-weight="700" fill="${palette.accent}" font-family="${FONT}">SAFE</text>`;

const doorStop: Drawing = (variant) => {
  const stops = [70, 150, 230, 310].map(
    (x, i) =>
      `<g transform="rotate(${i % 2 ? -6 : 6} ${x} 200)"><rect x="${x - 18}" y="${110 + (i % 2) * 20}" width="36" height="110" rx="8" fill="${pick(["#d5dbe2", "#c4ccd5"], variant + i)}" stroke="${EDGE}" stroke-width="2"/>
       <rect x="${x - 6}" y="${110 + (i % 2) * 20}" width="6" height="110" fill="#ffffff" opacity="0.35"/>
       <rect x="${x - 18}" y="${96 + (i % 2) * 20}" width="36" height="20" rx="8" fill="${BLACK}"/></g>`,
  );
  return `${floorShadow(200, 252, 180, 12)}${stops.join("")}`;
};

/** A scatter of nails that is the same every time it is drawn. */
function scatteredNails(count: number, seed: number) {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = 40 + ((i * 53 + seed * 17) % 320);
    const y = 170 + ((i * 29 + seed * 7) % 80);
    const angle = (i * 47 + seed * 13) % 180;
    parts.push(
      `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x - 40}" y="${y - 2}" width="80" height="4" fill="#aab4c0" stroke="${EDGE}" stroke-width="0.6"/><rect x="${x + 38}" y="${y - 6}" width="4" height="12" rx="1" fill="#94a3b8"/></g>`,
    );
  }
  return parts.join("");
}

/** A trade pack: a box with a product label and a picture of what is inside. */
function pack(label: string, inside: string) {
  return `${prism(60, 90, 170, 140, [80, -44], [label, "#e7e5e4", "#a8a29e"])}
    <rect x="74" y="110" width="142" height="40" fill="#ffffff" opacity="0.85"/>
    <g transform="translate(74 160)">${inside}</g>`;
}

const nails: Drawing = (variant, palette) =>
  `${floorShadow(200, 256, 185, 14)}${pack(palette.accent, `<rect x="10" y="20" width="120" height="5" fill="#e2e8f0"/>`)}${scatteredNails(9, variant)}`;

const collatedNails: Drawing = (_variant, palette) => {
  const strips = [0, 1, 2].map((s) => {
    const nailsInStrip = Array.from(
      { length: 16 },
      (_, i) =>
        `<rect x="${40 + i * 18}" y="60" width="4" height="110" fill="#d5dbe2" stroke="${EDGE}" stroke-width="0.6"/><rect x="${36 + i * 18}" y="54" width="12" height="7" rx="2" fill="#aab4c0"/>`,
    );
    return `<g transform="translate(${s * 16} ${s * 28}) rotate(-8 200 120)">${nailsInStrip.join("")}<rect x="34" y="120" width="300" height="12" fill="${palette.accent}" opacity="0.9"/></g>`;
  });
  return `${floorShadow(200, 262, 185, 12)}${strips.join("")}`;
};

function screw(x: number, y: number, length: number, head: string, rotation: number) {
  const threads = Array.from(
    { length: Math.floor(length / 8) },
    (_, i) => `<path d="M${x - 6} ${y + 14 + i * 8} l12 -4" stroke="${EDGE}" stroke-width="2"/>`,
  ).join("");
  return `<g transform="rotate(${rotation} ${x} ${y + length / 2})">
    <path d="M${x - 6} ${y + 8} h12 v${length} l-6 18 l-6 -18z" fill="${STEEL}" stroke="${EDGE}" stroke-width="1.5"/>${threads}${head}</g>`;
}

const screws: Drawing = (_variant, palette) =>
  `${floorShadow(200, 256, 185, 14)}${pack("#334155", `<rect x="10" y="18" width="80" height="8" fill="${palette.accent}"/>`)}
  ${[280, 330, 370].map((x, i) => screw(x, 120 + i * 10, 100, `<ellipse cx="${x}" cy="${128 + i * 10}" rx="14" ry="5" fill="#c4ccd5" stroke="${EDGE}"/>`, 14 + i * 8)).join("")}`;

const tekScrews: Drawing = (_variant, palette) => {
  const tek = (x: number, rotation: number) => {
    const hex = `<path d="M${x - 16} 70 h32 l6 10 v14 h-44 v-14z" fill="${palette.accent}" stroke="#00000040"/><ellipse cx="${x}" cy="100" rx="20" ry="6" fill="${BLACK}"/>`;
    return screw(x, 92, 130, hex, rotation);
  };
  return `${floorShadow(200, 262, 170, 12)}${tek(120, -10)}${tek(200, 0)}${tek(280, 10)}`;
};

const coachBolts: Drawing = () => {
  const bolt = (x: number, rotation: number) => `<g transform="rotate(${rotation} ${x} 150)">
    <path d="M${x - 34} 80 a34 18 0 0 1 68 0z" fill="#aeb8c4" stroke="${EDGE}" stroke-width="2"/>
    <rect x="${x - 12}" y="80" width="24" height="20" fill="#9aa6b4" stroke="${EDGE}"/>
    <rect x="${x - 12}" y="100" width="24" height="140" fill="${STEEL}" stroke="${EDGE}" stroke-width="2"/>
    ${Array.from({ length: 9 }, (_, i) => `<path d="M${x - 12} ${170 + i * 7} l24 -4" stroke="${EDGE}" stroke-width="2"/>`).join("")}</g>`;
  const nut = `<path d="M286 214 h44 l12 18 l-12 18 h-44 l-12 -18z" fill="#aeb8c4" stroke="${EDGE}" stroke-width="2"/><ellipse cx="308" cy="232" rx="10" ry="7" fill="#334155"/>`;
  return `${floorShadow(200, 256, 170, 12)}${bolt(120, -8)}${bolt(210, 6)}${nut}`;
};

const joistHanger: Drawing = () => {
  const profile: [number, number][] = [
    [60, 90],
    [100, 90],
    [100, 220],
    [210, 220],
    [210, 90],
    [250, 90],
  ];
  const holes = [
    [72, 110],
    [84, 140],
    [228, 110],
    [216, 140],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#334155"/>`)
    .join("");
  return `${floorShadow(220, 254, 170, 12)}${extrude(profile, [80, -50], "#c4ccd5")}${holes}`;
};

function cartridge(colour: string, label: string) {
  return `${floorShadow(200, 250, 170, 12)}
    <g transform="rotate(-14 200 160)">
      <rect x="60" y="120" width="230" height="70" rx="10" fill="${colour}" stroke="#00000040"/>
      <rect x="110" y="128" width="130" height="54" rx="4" fill="${label}"/>
      <rect x="40" y="126" width="24" height="58" rx="4" fill="#e2e8f0" stroke="${EDGE}"/>
      <path d="M290 140 h20 l60 12 v6 l-60 12 h-20z" fill="#e2e8f0" stroke="${EDGE}"/>
    </g>`;
}

const anchorCartridge: Drawing = (_variant, palette) => cartridge("#475569", palette.accent);

const sealantCartridge: Drawing = () => cartridge("#f8fafc", "#0f766e");

/** A 10-litre plastic pail: lid colour, label colour and a swatch of what is inside. */
function pail(lid: string, label: string, swatch: string) {
  return `${floorShadow(200, 262, 150, 14)}
    <path d="M100 80 l16 170 h168 l16 -170z" fill="#f1f5f9" stroke="${EDGE}" stroke-width="2"/>
    <ellipse cx="200" cy="80" rx="104" ry="22" fill="${lid}" stroke="#00000040"/>
    <path d="M98 92 q102 -140 204 0" fill="none" stroke="#64748b" stroke-width="5"/>
    <path d="M106 120 h188 l-8 90 h-172z" fill="${label}"/>
    <circle cx="200" cy="164" r="30" fill="${swatch}" stroke="#ffffff" stroke-width="4"/>`;
}

const PAILS = [
  ["#1f2937", "#0f766e", "#7c9a54"],
  ["#f8fafc", "#1e3a5f", "#f8fafc"],
  ["#7c2d12", "#92400e", "#b07a39"],
  ["#991b1b", "#334155", "#a13d2d"],
] as const;

const paintPail: Drawing = (variant) => {
  const [lid, label, swatch] = pick(PAILS, variant);
  return pail(lid, label, swatch);
};

const paintTin: Drawing = (_variant, palette) => `${floorShadow(190, 254, 150, 12)}
  <path d="M110 100 v130 a90 24 0 0 0 180 0 v-130z" fill="#c3cad3" stroke="${EDGE}" stroke-width="2"/>
  <rect x="110" y="140" width="180" height="62" fill="${palette.accent}"/>
  <rect x="110" y="150" width="180" height="10" fill="#ffffff" opacity="0.35"/>
  <ellipse cx="200" cy="100" rx="90" ry="24" fill="#dfe4ea" stroke="${EDGE}" stroke-width="2"/>
  <ellipse cx="200" cy="100" rx="72" ry="17" fill="#f5f5f4"/>
  <path d="M300 240 l60 -150 l14 6 l-52 150z" fill="#7c5a35"/><rect x="344" y="40" width="24" height="60" rx="4" fill="#e7e5e4"/>`;

export const TRADE_PICTURES = {
  drill,
  "circular-saw": circularSaw,
  nailer,
  hammer,
  "tape-measure": tapeMeasure,
  "spirit-level": spiritLevel,
  "mitre-saw": mitreSaw,
  "butt-hinge": buttHinge,
  "lever-set": leverSet,
  "gate-hinge": gateHinge,
  "barn-door-track": barnDoorTrack,
  "gate-latch": gateLatch,
  "door-stop": doorStop,
  nails,
  "collated-nails": collatedNails,
  screws,
  "tek-screws": tekScrews,
  "coach-bolts": coachBolts,
  "joist-hanger": joistHanger,
  "anchor-cartridge": anchorCartridge,
  "sealant-cartridge": sealantCartridge,
  "paint-pail": paintPail,
  "paint-tin": paintTin,
} satisfies Record<string, Drawing>;
