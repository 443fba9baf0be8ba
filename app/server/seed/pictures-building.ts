// Product pictures for the building envelope: timber, roofing, cladding and insulation. Each is
// drawn in the same 400x300 box as the category motifs, so a product's picture shows that
// product: a post is a post, a roll of underlay is a roll.
import { battStack, board, corrugateSheets, timberStack, weatherboardWall } from "./motifs";
import { floorShadow, type Palette, polygon, round } from "./svg";

export type Drawing = (variant: number, palette: Palette, id: string) => string;
type Point = readonly [number, number];

export function pick<T>(values: readonly T[], index: number): T {
  return values[index % values.length]!;
}

/** A box seen from its front: front face, a top and a right side receding by (dx, dy). */
export function prism(
  x: number,
  y: number,
  w: number,
  h: number,
  [dx, dy]: Point,
  [front, top, side]: readonly [string, string, string],
) {
  return [
    polygon(
      [
        [x, y],
        [x + w, y],
        [x + w + dx, y + dy],
        [x + dx, y + dy],
      ],
      `fill="${top}" stroke="#00000033"`,
    ),
    polygon(
      [
        [x + w, y],
        [x + w + dx, y + dy],
        [x + w + dx, y + h + dy],
        [x + w, y + h],
      ],
      `fill="${side}" stroke="#00000033"`,
    ),
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${front}" stroke="#00000040"/>`,
  ].join("");
}

/** A long piece of folded sheet: the profile is swept back by (dx, dy), faces shaded by slope. */
export function extrude(profile: readonly Point[], [dx, dy]: Point, colour: string) {
  const faces: string[] = [];
  for (let i = 0; i < profile.length - 1; i++) {
    const [x1, y1] = profile[i]!;
    const [x2, y2] = profile[i + 1]!;
    const quad: Point[] = [
      [x1, y1],
      [x2, y2],
      [x2 + dx, y2 + dy],
      [x1 + dx, y1 + dy],
    ];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    // Light from above: faces that look up are lighter, faces that look down darker.
    const light = (x2 - x1) / length;
    const shade =
      light >= 0
        ? `<polygon points="${quad.map((p) => p.map(round).join(",")).join(" ")}" fill="#ffffff" opacity="${round(light * 0.25)}"/>`
        : `<polygon points="${quad.map((p) => p.map(round).join(",")).join(" ")}" fill="#000000" opacity="${round(-light * 0.35)}"/>`;
    faces.push(polygon(quad, `fill="${colour}" stroke="#00000040" stroke-width="1"`), shade);
  }
  const edge = profile.map((p) => p.map(round).join(",")).join(" ");
  return `${faces.join("")}<polyline points="${edge}" fill="none" stroke="#00000066" stroke-width="3" stroke-linejoin="round"/>`;
}

/** A roll of sheet material lying on its side, with a length unrolled in front. */
function roll(colour: string, print: string, core = "#a16207") {
  const lines = [0, 1, 2, 3]
    .map(
      (i) => `<rect x="${120 + i * 44}" y="86" width="22" height="6" rx="2" fill="${print}" opacity="0.8"/>`,
    )
    .join("");
  return `${floorShadow(210, 252, 185, 14)}
    <path d="M60 214 L250 214 L350 250 L160 250Z" fill="${colour}" stroke="#00000033"/>
    <path d="M150 232 h120" stroke="${print}" stroke-width="4" opacity="0.6"/>
    <rect x="80" y="80" width="230" height="140" fill="${colour}" stroke="#00000033"/>
    <rect x="80" y="80" width="230" height="20" fill="#ffffff" opacity="0.25"/>
    <rect x="80" y="186" width="230" height="34" fill="#000000" opacity="0.15"/>${lines}
    <ellipse cx="310" cy="150" rx="38" ry="70" fill="${colour}" stroke="#00000055"/>
    ${[56, 42, 28].map((r) => `<ellipse cx="310" cy="150" rx="${round(r * 0.54)}" ry="${r}" fill="none" stroke="#00000030"/>`).join("")}
    <ellipse cx="310" cy="150" rx="9" ry="16" fill="${core}"/>
    <ellipse cx="80" cy="150" rx="10" ry="70" fill="#000000" opacity="0.2"/>`;
}

/** Flat sheets stacked on two bearers, edges showing their make-up. */
function sheetStack(sheets: number, face: string, edge: readonly string[], thickness: number) {
  const parts: string[] = [floorShadow(200, 258, 190, 14)];
  parts.push(prism(70, 238, 20, 16, [200, -70], ["#7c5a35", "#94704a", "#5f4427"]));
  parts.push(prism(250, 238, 20, 16, [60, -21], ["#7c5a35", "#94704a", "#5f4427"]));
  for (let s = 0; s < sheets; s++) {
    const y = 236 - s * thickness;
    const x = 30 + (s % 2) * 3;
    parts.push(
      polygon(
        [
          [x, y],
          [x + 260, y],
          [x + 340, y - 130],
          [x + 80, y - 130],
        ],
        `fill="${face}" stroke="#00000033"`,
      ),
    );
    const band = thickness / edge.length;
    edge.forEach((colour, k) => {
      parts.push(
        `<rect x="${x}" y="${round(y + k * band)}" width="260" height="${round(band)}" fill="${colour}"/>`,
      );
    });
    parts.push(
      polygon(
        [
          [x + 260, y],
          [x + 340, y - 130],
          [x + 340, y - 130 + thickness],
          [x + 260, y + thickness],
        ],
        `fill="${edge[0]}" opacity="0.8"`,
      ),
    );
  }
  return parts.join("");
}

// Treated framing has a green tint, boron-treated (H1.2) framing a pink one.
const FRAMING = [
  ["#cfc98f", "#b3ad72", "#948f57"],
  ["#ecc3b0", "#d3a592", "#b58774"],
] as const;

const framing: Drawing = (variant, palette) => timberStack(0, 0, pick(FRAMING, variant), palette.accent);

const post: Drawing = (variant) => {
  const wood = pick(
    [
      ["#8f8a55", "#a8a36a", "#6f6b40"],
      ["#9c7a4e", "#b28e5d", "#7a5c37"],
    ] as const,
    variant,
  );
  const posts = [
    [70, 70, 190],
    [160, 40, 220],
    [250, 90, 170],
  ] as const;
  const drawn = posts.map(
    ([x, y, h]) =>
      `${prism(x, y, 60, h, [34, -22], wood)}<rect x="${x + 10}" y="${y + h - 40}" width="40" height="8" fill="#000000" opacity="0.18"/>`,
  );
  return `${floorShadow(210, 262, 170, 12)}${drawn.join("")}`;
};

const decking: Drawing = (variant, palette) => {
  const wood = pick(
    [
      ["#c7b27a", "#b29c63", "#93804d"],
      ["#b98b5e", "#a57a50", "#865f3b"],
    ] as const,
    variant,
  );
  const parts: string[] = [floorShadow(200, 252, 190, 14)];
  const rows = [4, 3];
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i++) {
      const x = 20 + row * 40 + i * 76;
      const y = 218 - row * 18;
      parts.push(board(x, y, 76, 18, wood));
      // The reeded face: grooves along the board's length.
      if (row === rows.length - 1) {
        for (let g = 1; g < 5; g++)
          parts.push(`<path d="M${x + g * 15} ${y} l90 -60" stroke="#00000030" stroke-width="2"/>`);
      }
    }
  });
  parts.push(`<rect x="60" y="222" width="14" height="14" rx="2" fill="${palette.accent}"/>`);
  return parts.join("");
};

const dressedBoard: Drawing = () => {
  const wood = ["#e7b574", "#d39b55", "#b07a39"] as const;
  const parts: string[] = [floorShadow(200, 254, 190, 14)];
  for (let i = 0; i < 4; i++) {
    const x = 30 + (i % 2) * 14;
    const y = 226 - i * 26;
    parts.push(prism(x, y, 150, 24, [150, -90], wood));
    parts.push(
      `<path d="M${x + 150} ${y} l150 -90" stroke="#8a5a2b" stroke-opacity="0.35" stroke-width="3"/>`,
    );
  }
  // Knots: what makes macrocarpa look like macrocarpa.
  parts.push(`<ellipse cx="245" cy="85" rx="9" ry="5" fill="#8a5a2b" opacity="0.7"/>`);
  parts.push(`<ellipse cx="305" cy="62" rx="6" ry="4" fill="#8a5a2b" opacity="0.6"/>`);
  return parts.join("");
};

const lvlBeam: Drawing = (_variant, palette) => {
  const colours = ["#e3c48f", "#d2b07a", "#b8955f"] as const;
  const parts: string[] = [floorShadow(210, 258, 190, 14)];
  for (const x of [60, 130]) {
    parts.push(prism(x, 90, 40, 160, [220, -70], colours));
    // Veneer laminations on the end grain.
    for (let k = 6; k < 40; k += 6)
      parts.push(`<path d="M${x + k} 90 v160" stroke="#8a5a2b" stroke-opacity="0.45" stroke-width="1.5"/>`);
  }
  parts.push(`<rect x="135" y="110" width="30" height="14" rx="2" fill="${palette.accent}"/>`);
  return parts.join("");
};

const plywood: Drawing = () =>
  sheetStack(6, "#d9b77f", ["#e3c48f", "#a8824e", "#e3c48f", "#a8824e", "#e3c48f"], 14);

const ROOF_COLOURS = ["#a13d2d", "#3f4a44", "#1f2937", "#cfd6de"];

const corrugate: Drawing = (variant, _palette, id) =>
  corrugateSheets(0, 0, 1, pick(["#a13d2d", "#cfe3ee"], variant), `${id}-ridges`);

/** Five-rib trapezoidal sheets: flat pans between square ribs. */
const trapezoidal: Drawing = () => {
  const parts: string[] = [floorShadow(200, 246, 180, 12)];
  for (let s = 2; s >= 0; s--) {
    const y = 210 + s * 12 - 24;
    const profile: Point[] = [[40, y]];
    for (let r = 0; r < 5; r++) {
      const x = 50 + r * 50;
      profile.push([x, y], [x + 8, y - 16], [x + 20, y - 16], [x + 28, y]);
    }
    profile.push([300, y]);
    parts.push(extrude(profile, [90, -110], "#c3ccd4"));
  }
  return parts.join("");
};

const flashing: Drawing = (variant) => {
  const colour = pick(ROOF_COLOURS, variant + 2);
  const ridge: Point[] = [
    [40, 220],
    [50, 214],
    [150, 170],
    [250, 214],
    [260, 220],
  ];
  const barge: Point[] = [
    [60, 150],
    [60, 200],
    [170, 200],
    [170, 226],
    [180, 226],
  ];
  return `${floorShadow(230, 250, 170, 12)}${extrude(variant % 2 === 0 ? ridge : barge, [120, -110], colour)}`;
};

/** Quarter-round spouting: a flat back, a curved front and a bead along the top. */
const spouting: Drawing = () => {
  const curve: Point[] = [
    [70, 130],
    [70, 220],
  ];
  for (let a = 0; a <= 90; a += 15) {
    const t = (a * Math.PI) / 180;
    curve.push([70 + 90 * Math.sin(t), 130 + 90 * Math.cos(t)]);
  }
  curve.push([166, 130], [172, 126]);
  return `${floorShadow(220, 250, 170, 12)}${extrude(curve, [180, -100], "#e7e5e4")}`;
};

const UNDERLAY = { colour: "#e2e8f0", print: "#1d4ed8" };

const underlay: Drawing = () => roll(UNDERLAY.colour, UNDERLAY.print);

const wrap: Drawing = (_variant, palette) => roll("#f8fafc", palette.accent, "#1f2937");

const vapourBarrier: Drawing = () => roll("#27272a", "#facc15", "#52525b");

const WEATHERBOARDS = ["#f1ede4", "#dcd6c8"];

const weatherboard: Drawing = (variant, palette, id) => {
  const wall = weatherboardWall(60, 40, 270, 222, pick(WEATHERBOARDS, variant), `${id}-wb`);
  // Rusticated shiplap: a routed groove along each course.
  const grooves =
    variant % 2 === 1
      ? Array.from(
          { length: 10 },
          (_, i) => `<rect x="60" y="${40 + i * 22 + 4}" width="258" height="2" fill="#00000040"/>`,
        ).join("")
      : "";
  return `${floorShadow(200, 266, 180, 12)}${wall}${grooves}<rect x="60" y="262" width="270" height="6" fill="${palette.accent}"/>`;
};

const cementSheet: Drawing = (variant) =>
  variant % 2 === 0
    ? sheetStack(7, "#d6d3d1", ["#a8a29e"], 10)
    : sheetStack(10, "#e7e5e4", ["#b8b2ac"], 6).replaceAll('width="260"', 'width="150"');

const battens: Drawing = (_variant, palette) => {
  const wood = ["#cfc98f", "#b3ad72", "#948f57"] as const;
  const parts: string[] = [floorShadow(200, 254, 180, 12)];
  for (let row = 0; row < 2; row++)
    for (let i = 0; i < 5; i++) parts.push(board(60 + i * 22, 190 - row * 48, 22, 48, wood));
  parts.push(`<rect x="56" y="160" width="118" height="10" fill="${palette.accent}"/>`);
  parts.push(
    polygon(
      [
        [174, 160],
        [264, 100],
        [264, 110],
        [174, 170],
      ],
      `fill="${palette.accent}"`,
    ),
  );
  return parts.join("");
};

const boardAndBatten: Drawing = (_variant, palette) => {
  const parts: string[] = [floorShadow(200, 266, 180, 12)];
  for (let i = 0; i < 6; i++) {
    const x = 70 + i * 44;
    parts.push(`<rect x="${x}" y="40" width="44" height="222" fill="${i % 2 ? "#8b5a3c" : "#94603f"}"/>`);
  }
  for (let i = 1; i < 6; i++) {
    const x = 70 + i * 44 - 7;
    parts.push(`<rect x="${x}" y="40" width="14" height="222" fill="#6f4430" stroke="#00000040"/>`);
    parts.push(`<rect x="${x + 2}" y="40" width="3" height="222" fill="#ffffff" opacity="0.15"/>`);
  }
  parts.push(
    polygon(
      [
        [334, 40],
        [370, 58],
        [370, 250],
        [334, 262],
      ],
      `fill="#000000" opacity="0.3"`,
    ),
  );
  parts.push(`<rect x="70" y="262" width="300" height="6" fill="${palette.accent}"/>`);
  return parts.join("");
};

const BATTS = ["#f2c75c", "#ece6d8", "#f0b383", "#d9dde3"];

const batts: Drawing = (variant, palette) => {
  const colour = pick(BATTS, variant);
  const parts = battStack(colour, variant);
  // A wrapped bale beside the stack, printed with its R-value band.
  parts.push(`<rect x="292" y="120" width="84" height="126" rx="10" fill="${colour}" stroke="#00000030"/>`);
  parts.push(
    `<rect x="292" y="150" width="84" height="${20 + variant * 6}" fill="${palette.accent}" opacity="0.85"/>`,
  );
  return parts.join("");
};

const foamPanels: Drawing = (_variant, palette) => {
  const parts: string[] = [floorShadow(200, 256, 180, 12)];
  for (let i = 0; i < 4; i++) {
    const y = 210 - i * 40;
    parts.push(prism(50 + (i % 2) * 8, y, 210, 36, [90, -50], ["#f8fafc", "#e2e8f0", "#cbd5e1"]));
    for (let d = 0; d < 12; d++)
      parts.push(
        `<circle cx="${66 + d * 17 + (i % 2) * 8}" cy="${y + 12 + (d % 3) * 8}" r="1.6" fill="#94a3b8"/>`,
      );
  }
  parts.push(`<rect x="120" y="98" width="70" height="20" fill="${palette.accent}"/>`);
  return parts.join("");
};

export const BUILDING_PICTURES = {
  framing,
  post,
  decking,
  "dressed-board": dressedBoard,
  "lvl-beam": lvlBeam,
  plywood,
  corrugate,
  trapezoidal,
  flashing,
  spouting,
  underlay,
  wrap,
  "vapour-barrier": vapourBarrier,
  weatherboard,
  "cement-sheet": cementSheet,
  battens,
  "board-and-batten": boardAndBatten,
  batts,
  "foam-panels": foamPanels,
} satisfies Record<string, Drawing>;
