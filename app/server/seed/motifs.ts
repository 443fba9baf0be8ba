// One illustration per product category, each drawn in a 400x300 box so product pictures,
// category tiles and hero scenes can place and scale the same drawing.
import { floorShadow, type Palette, polygon, round, wavePoints } from "./svg";

const MOTIF_NAMES = [
  "timber",
  "roofing",
  "cladding",
  "insulation",
  "tools",
  "hardware",
  "fixings",
  "paint",
] as const;
export type MotifName = (typeof MOTIF_NAMES)[number];

type Motif = (variant: number, palette: Palette, id: string) => string;

function pick<T>(values: readonly T[], index: number): T {
  return values[index % values.length]!;
}

/** One sawn board seen from its end, receding up and to the right. */
export function board(x: number, y: number, w: number, h: number, wood: readonly [string, string, string]) {
  const [end, top, side] = wood;
  const dx = 90;
  const dy = 60;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const rings = [0.2, 0.45, 0.7]
    .map(
      (k) =>
        `<ellipse cx="${cx - 6}" cy="${cy + 2}" rx="${round(w * 0.42 * k)}" ry="${round(h * 0.38 * k)}"/>`,
    )
    .join("");
  return [
    polygon(
      [
        [x, y],
        [x + w, y],
        [x + w + dx, y - dy],
        [x + dx, y - dy],
      ],
      `fill="${top}" stroke="#00000033"`,
    ),
    polygon(
      [
        [x + w, y],
        [x + w + dx, y - dy],
        [x + w + dx, y + h - dy],
        [x + w, y + h],
      ],
      `fill="${side}" stroke="#00000033"`,
    ),
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${end}" stroke="#7a5230" stroke-width="1.5"/>`,
    `<g fill="none" stroke="#9c6b3c" stroke-opacity="0.55" stroke-width="1.4">${rings}</g>`,
  ].join("");
}

const WOODS: ReadonlyArray<readonly [string, string, string]> = [
  ["#e6bd84", "#c99a5e", "#a87a44"],
  ["#dcc49a", "#bfa273", "#9c8152"],
  ["#d9a877", "#b98553", "#946539"],
];

/** A pyramid of boards, 4-3-2, with a safety-orange strap. */
export function timberStack(ox: number, oy: number, wood: readonly [string, string, string], accent: string) {
  const w = 66;
  const h = 32;
  const parts: string[] = [floorShadow(ox + 190, oy + 236, 190, 16)];
  const rows = [4, 3, 2];
  rows.forEach((count, row) => {
    const y = oy + 200 - row * h;
    const x0 = ox + 15 + (row * w) / 2;
    for (let i = 0; i < count; i++) parts.push(board(x0 + i * w, y, w, h, wood));
  });
  // Grade stamps on a few end faces, the way a yard marks its packs.
  for (const [col, row] of [
    [0, 0],
    [2, 0],
    [1, 1],
  ] as const) {
    const x = ox + 15 + (row * w) / 2 + col * w + 6;
    const y = oy + 200 - row * h + 5;
    parts.push(`<rect x="${x}" y="${y}" width="16" height="9" rx="1.5" fill="${accent}"/>`);
  }
  return parts.join("");
}

const timber: Motif = (variant, palette) => timberStack(0, 0, pick(WOODS, variant), palette.accent);

const SHEETS = ["#a13d2d", "#cfd6de", "#d8c9a6"];

/** Stacked corrugated sheets; the repeating gradient draws the ridges along the sheet's depth. */
export function corrugateSheets(
  ox: number,
  oy: number,
  scale: number,
  colour: string,
  id: string,
  sheets = 3,
  length = 250,
) {
  const period = 16;
  const depth: [number, number] = [100, -110];
  const skew = round((Math.atan2(-depth[0], depth[1]) * 180) / Math.PI);
  const defs = `<defs><linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${period}" y2="0" spreadMethod="repeat" gradientTransform="skewX(${skew})">
    <stop offset="0" stop-color="#000000" stop-opacity="0.35"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
  </linearGradient></defs>`;
  const parts: string[] = [defs];
  for (let s = sheets - 1; s >= 0; s--) {
    const fx = 40;
    const fy = 215 + s * 12 - (sheets - 1) * 12;
    const quad: [number, number][] = [
      [fx, fy],
      [fx + length, fy],
      [fx + length + depth[0], fy + depth[1]],
      [fx + depth[0], fy + depth[1]],
    ];
    parts.push(polygon(quad, `fill="${colour}"`));
    parts.push(polygon(quad, `fill="url(#${id})"`));
    const wave = wavePoints(fx, fx + length, fy, 4, period, Math.PI / 2);
    parts.push(
      `<polygon points="${wave.join(" ")} ${fx + length},${fy + 8} ${fx},${fy + 8}" fill="${colour}" stroke="#00000055" stroke-width="1"/>`,
    );
    parts.push(`<polyline points="${wave.join(" ")}" fill="none" stroke="#ffffff" stroke-opacity="0.45"/>`);
  }
  return `<g transform="translate(${ox} ${oy}) scale(${scale})">${floorShadow(200, 232, 170, 12)}${parts.join("")}</g>`;
}

const roofing: Motif = (variant, _palette, id) =>
  corrugateSheets(0, 0, 1, pick(SHEETS, variant), `${id}-ridges`);

const BOARDS = ["#ece7df", "#9fb0c4", "#b58b66"];

/** A section of bevel-back weatherboards with a window and a corner facing. */
export function weatherboardWall(x: number, y: number, w: number, h: number, colour: string, id: string) {
  const course = 22;
  const boards: string[] = [];
  for (let by = y; by < y + h; by += course) {
    const bh = Math.min(course, y + h - by);
    boards.push(`<rect x="${x}" y="${by}" width="${w}" height="${bh}" fill="url(#${id})"/>`);
    boards.push(`<rect x="${x}" y="${by + bh - 3}" width="${w}" height="3" fill="#000000" opacity="0.22"/>`);
  }
  const defs = `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.82"/>
  </linearGradient><linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#bfe3f5"/><stop offset="1" stop-color="#5b7c99"/></linearGradient></defs>`;
  const wx = x + w * 0.38;
  const wy = y + h * 0.22;
  const ww = w * 0.34;
  const wh = h * 0.42;
  const window = `<rect x="${wx - 6}" y="${wy - 6}" width="${ww + 12}" height="${wh + 14}" fill="#2b3440"/>
    <rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" fill="url(#${id}-glass)"/>
    <rect x="${wx + ww / 2 - 2}" y="${wy}" width="4" height="${wh}" fill="#2b3440"/>
    <path d="M${wx + 8} ${wy + wh - 10} L${wx + ww * 0.3} ${wy + 10}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`;
  const facing = `<rect x="${x + w - 12}" y="${y}" width="12" height="${h}" fill="#ffffff" opacity="0.9"/>`;
  return `${defs}${boards.join("")}${window}${facing}`;
}

const cladding: Motif = (variant, palette, id) => {
  const side = polygon(
    [
      [330, 40],
      [370, 60],
      [370, 250],
      [330, 262],
    ],
    `fill="#000000" opacity="0.3"`,
  );
  return `${floorShadow(200, 266, 180, 12)}${weatherboardWall(60, 40, 270, 222, pick(BOARDS, variant), `${id}-wb`)}${side}
    <rect x="60" y="262" width="310" height="6" fill="${palette.accent}"/>`;
};

const BATTS = ["#f2c75c", "#ece6d8", "#f0b383"];

/** Four batts stacked on the floor, each with the waves of its fibres (`phase` shifts them). */
export function battStack(colour: string, phase = 0) {
  const parts: string[] = [floorShadow(200, 250, 185, 14)];
  for (let i = 0; i < 4; i++) {
    const y = 196 - i * 44;
    const x = 30 + (i % 2) * 10;
    parts.push(
      `<rect x="${x}" y="${y}" width="250" height="46" rx="14" fill="${colour}" stroke="#00000026"/>`,
    );
    for (let k = 0; k < 3; k++) {
      const wave = wavePoints(x + 10, x + 240, y + 12 + k * 11, 3, 26 + k * 6, k + i + phase);
      parts.push(`<polyline points="${wave.join(" ")}" fill="none" stroke="#7a5a1e" stroke-opacity="0.22"/>`);
    }
  }
  return parts;
}

const insulation: Motif = (variant, palette) => {
  const colour = pick(BATTS, variant);
  const parts = battStack(colour);
  // A roll beside the stack: concentric turns read as a rolled blanket.
  parts.push(`<circle cx="330" cy="196" r="52" fill="${colour}" stroke="#00000030"/>`);
  for (const r of [40, 28, 16]) {
    parts.push(
      `<circle cx="330" cy="196" r="${r}" fill="none" stroke="#7a5a1e" stroke-opacity="0.3" stroke-width="2"/>`,
    );
  }
  parts.push(`<rect x="300" y="190" width="60" height="12" fill="${palette.accent}" opacity="0.85"/>`);
  return parts.join("");
};

const tools: Motif = (variant, palette) => {
  const grip = pick(["#1f2937", "#3f2d1f", "#27272a"], variant);
  const level = `<g transform="rotate(-14 200 150)">
      <rect x="40" y="170" width="320" height="40" rx="6" fill="${palette.accent}" stroke="#00000040"/>
      <rect x="46" y="176" width="308" height="8" rx="3" fill="#ffffff" opacity="0.25"/>
      <rect x="180" y="180" width="40" height="20" rx="8" fill="#1f2937"/>
      <rect x="186" y="184" width="28" height="12" rx="6" fill="#a3e635"/>
      <circle cx="203" cy="190" r="4" fill="#ecfccb"/>
      <circle cx="80" cy="190" r="9" fill="#1f2937"/><circle cx="320" cy="190" r="9" fill="#1f2937"/>
    </g>`;
  const hammer = `<g transform="rotate(28 210 120)">
      <rect x="196" y="40" width="26" height="170" rx="10" fill="${grip}"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="196" y="${130 + i * 12}" width="26" height="4" fill="#000000" opacity="0.35"/>`).join("")}
      <path d="M150 40 h110 q14 0 14 14 v20 q0 8 -8 8 h-20 l-18 -16 h-70 q-8 0 -8 -8 v-10 q0 -8 0 -8z" fill="#9aa6b4" stroke="#475569" stroke-width="2"/>
      <path d="M150 40 q-40 10 -48 40 q18 -12 48 -16z" fill="#8593a3" stroke="#475569" stroke-width="2"/>
    </g>`;
  const tape = `<g>
      <rect x="262" y="196" width="110" height="40" fill="#facc15"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `<rect x="${266 + i * 10}" y="196" width="1.5" height="${i % 5 === 0 ? 14 : 8}" fill="#1f2937"/>`).join("")}
      <rect x="218" y="170" width="92" height="92" rx="22" fill="#1f2937"/>
      <rect x="226" y="178" width="76" height="76" rx="18" fill="${palette.accent}"/>
      <circle cx="264" cy="216" r="16" fill="#1f2937"/><circle cx="264" cy="216" r="6" fill="#9aa6b4"/>
    </g>`;
  return `${floorShadow(200, 262, 185, 12)}${level}${hammer}${tape}`;
};

const STEEL = ["#c9d1db", "#b8bfc8", "#d5d0c4"];

const hardware: Motif = (variant, palette) => {
  const steel = pick(STEEL, variant);
  const screw = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="7" fill="#64748b"/><path d="M${cx - 4} ${cy} h8 M${cx} ${cy - 4} v8" stroke="#e2e8f0" stroke-width="1.6"/>`;
  const hinge = `<g>
      <rect x="40" y="60" width="80" height="170" rx="6" fill="${steel}" stroke="#475569" stroke-width="2"/>
      <rect x="128" y="60" width="80" height="170" rx="6" fill="${steel}" stroke="#475569" stroke-width="2" opacity="0.92"/>
      ${[0, 1, 2, 3, 4].map((i) => `<rect x="114" y="${60 + i * 34}" width="20" height="32" rx="6" fill="#94a3b8" stroke="#475569"/>`).join("")}
      ${screw(80, 90)}${screw(80, 145)}${screw(80, 200)}${screw(168, 90)}${screw(168, 145)}${screw(168, 200)}
    </g>`;
  const lever = `<g>
      <circle cx="280" cy="92" r="38" fill="${steel}" stroke="#475569" stroke-width="2"/>
      <circle cx="280" cy="92" r="24" fill="#e2e8f0"/>
      <rect x="260" y="76" width="112" height="30" rx="15" fill="#9aa6b4" stroke="#475569" stroke-width="2"/>
      <rect x="266" y="80" width="96" height="7" rx="3" fill="#ffffff" opacity="0.5"/>
    </g>`;
  const padlock = `<g>
      <path d="M282 204 v-22 a28 28 0 0 1 56 0 v22" fill="none" stroke="#94a3b8" stroke-width="11"/>
      <rect x="268" y="200" width="84" height="64" rx="10" fill="${palette.accent}" stroke="#00000040"/>
      <circle cx="310" cy="226" r="7" fill="#1f2937"/><rect x="307" y="228" width="6" height="18" fill="#1f2937"/>
    </g>`;
  return `${floorShadow(200, 262, 180, 12)}${hinge}${lever}${padlock}`;
};

const fixings: Motif = (variant, palette) => {
  const steel = pick(STEEL, variant);
  const threads = (x: number, y0: number, y1: number, w: number) => {
    const lines: string[] = [];
    for (let y = y0; y < y1; y += 7)
      lines.push(`<path d="M${x} ${y + 4} L${x + w} ${y}" stroke="#475569" stroke-width="2"/>`);
    return lines.join("");
  };
  const hex = (cx: number, cy: number, r: number, fill: string) => {
    const pts: [number, number][] = [];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a) * 0.6]);
    }
    return polygon(pts, `fill="${fill}" stroke="#475569" stroke-width="2"`);
  };
  const bolt = `<g>
      <rect x="96" y="88" width="30" height="150" fill="${steel}" stroke="#475569" stroke-width="2"/>
      ${threads(96, 150, 236, 30)}
      ${hex(111, 92, 40, "#aeb8c4")}${hex(111, 80, 40, steel)}
    </g>`;
  const nut = `<g>${hex(210, 232, 34, "#aeb8c4")}${hex(210, 222, 34, steel)}<ellipse cx="210" cy="222" rx="14" ry="8" fill="#334155"/></g>`;
  const washer = `<g><ellipse cx="300" cy="236" rx="34" ry="16" fill="#aeb8c4" stroke="#475569" stroke-width="2"/><ellipse cx="300" cy="234" rx="13" ry="6" fill="#334155"/></g>`;
  const screw = (x: number, rot: number) => `<g transform="rotate(${rot} ${x} 120)">
      <ellipse cx="${x}" cy="60" rx="20" ry="7" fill="${palette.accent}" stroke="#00000040"/>
      <path d="M${x - 8} 62 h16 v100 l-8 22 l-8 -22z" fill="${steel}" stroke="#475569" stroke-width="2"/>
      ${threads(x - 8, 80, 160, 16)}
    </g>`;
  return `${floorShadow(200, 256, 180, 12)}${screw(220, 12)}${screw(300, 24)}${bolt}${nut}${washer}`;
};

const PAINTS = ["#f97316", "#3b82a0", "#7c9a54"];

const paint: Motif = (variant, palette) => {
  const colour = pick(PAINTS, variant);
  const tin = `<g>
      <path d="M70 100 v130 a80 22 0 0 0 160 0 v-130z" fill="#c3cad3" stroke="#475569" stroke-width="2"/>
      <rect x="70" y="140" width="160" height="62" fill="${palette.accent}"/>
      <rect x="70" y="150" width="160" height="10" fill="#ffffff" opacity="0.35"/>
      <ellipse cx="150" cy="100" rx="80" ry="22" fill="#dfe4ea" stroke="#475569" stroke-width="2"/>
      <ellipse cx="150" cy="100" rx="64" ry="16" fill="${colour}"/>
      <path d="M96 104 q4 40 -2 58 q-4 8 -6 0 q-2 -20 0 -58z" fill="${colour}"/>
      <path d="M70 108 q-50 -70 80 -92 q130 22 80 92" fill="none" stroke="#64748b" stroke-width="4"/>
    </g>`;
  const roller = `<g transform="rotate(-18 300 150)">
      <rect x="250" y="70" width="110" height="44" rx="20" fill="${colour}" stroke="#00000040"/>
      <rect x="258" y="76" width="94" height="8" rx="4" fill="#ffffff" opacity="0.3"/>
      <path d="M362 92 h16 v60 h-72 v40" fill="none" stroke="#94a3b8" stroke-width="7"/>
      <rect x="296" y="190" width="20" height="70" rx="8" fill="#1f2937"/>
    </g>`;
  return `${floorShadow(190, 254, 180, 12)}${tin}${roller}`;
};

const MOTIFS: Record<MotifName, Motif> = {
  timber,
  roofing,
  cladding,
  insulation,
  tools,
  hardware,
  fixings,
  paint,
};

/** The motif's drawing in its 400x300 box; `id` keeps gradient ids unique within one document. */
export function drawMotif(name: MotifName, variant: number, palette: Palette, id: string = name) {
  return MOTIFS[name](variant, palette, id);
}
