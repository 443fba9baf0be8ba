// Outdoor scenes for the hero slides and case studies. Each is drawn in a 1600x900 space with
// the subject on the right, leaving the left calm for the hero's text; case studies crop it to 4:3.
import { corrugateSheets, timberStack, weatherboardWall } from "./motifs";
import { polygon, svgDocument } from "./svg";

const SCENE_NAMES = ["frame", "yard", "home", "commercial", "renovation"] as const;
export type SceneName = (typeof SCENE_NAMES)[number];
export type Sky = "dusk" | "day";

const GROUND = 780;
const WOOD = "#d9a877";
const WOOD_EDGE = "#8a5a2b";

function sky(kind: Sky) {
  const stops = kind === "dusk" ? ["#0f172a", "#3b3f52", "#f59e0b"] : ["#1e3a5f", "#5b7fa6", "#d3dde8"];
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${stops[0]}"/><stop offset="0.6" stop-color="${stops[1]}"/>
      <stop offset="0.87" stop-color="${stops[2]}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.72" cy="0.8" r="0.35">
      <stop offset="0" stop-color="#fde68a" stop-opacity="${kind === "dusk" ? 0.55 : 0.25}"/>
      <stop offset="1" stop-color="#fde68a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#292524"/><stop offset="1" stop-color="#0c0a09"/>
    </linearGradient>`;
  // Two layers of rolling hills, the outline of most New Zealand horizons.
  const body = `
    <rect width="1600" height="900" fill="url(#sky)"/>
    <rect width="1600" height="900" fill="url(#sun)"/>
    <path d="M0 660 Q180 560 380 630 T760 600 T1160 640 T1600 590 V${GROUND} H0Z" fill="#334155" opacity="0.75"/>
    <path d="M0 720 Q240 650 520 705 T1040 690 T1600 700 V${GROUND} H0Z" fill="#1e293b"/>
    <rect y="${GROUND}" width="1600" height="${900 - GROUND}" fill="url(#ground)"/>`;
  return { defs, body };
}

function houseFrame() {
  const parts: string[] = [];
  const left = 820;
  const right = 1460;
  const top = 480;
  const stick = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${WOOD}" stroke="${WOOD_EDGE}" stroke-width="2"/>`;
  // Trusses further back first, paler, so the frame reads as a whole house and not a wall.
  for (const [dx, dy, opacity] of [
    [60, -40, 0.45],
    [30, -20, 0.7],
  ] as const) {
    parts.push(
      `<path d="M${left + dx} ${top + dy} L${1140 + dx} ${300 + dy} L${right + dx} ${top + dy}Z" fill="none" stroke="${WOOD}" stroke-width="12" opacity="${opacity}"/>`,
    );
  }
  parts.push(stick(left, GROUND - 12, right - left, 12));
  parts.push(stick(left, top, right - left, 14));
  for (let x = left; x <= right - 10; x += 48) {
    if (x > 1040 && x < 1220) continue;
    parts.push(stick(x, top + 14, 10, GROUND - 12 - top - 14));
  }
  parts.push(stick(right - 10, top + 14, 10, GROUND - 12 - top - 14));
  for (let x = left + 10; x < right - 10; x += 48) {
    if (x > 1030 && x < 1230) continue;
    parts.push(stick(x, 630, 38, 10));
  }
  parts.push(
    stick(1030, 540, 200, 26),
    stick(1030, 670, 200, 12),
    stick(1030, 566, 10, 202),
    stick(1220, 566, 10, 202),
  );
  const chord = `fill="none" stroke="${WOOD}" stroke-width="14" stroke-linejoin="round"`;
  parts.push(`<path d="M${left - 20} ${top} L1140 300 L${right + 20} ${top}Z" ${chord}/>`);
  parts.push(
    `<path d="M${left + 160} ${top} L1000 ${top - 90} L1140 ${top} L1280 ${top - 90} L${right - 160} ${top} M1140 300 V${top}" fill="none" stroke="${WOOD}" stroke-width="9"/>`,
  );
  return parts.join("");
}

function shed() {
  const defs = `<linearGradient id="shed-wall" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="18" y2="0" spreadMethod="repeat">
      <stop offset="0" stop-color="#64748b"/><stop offset="0.5" stop-color="#94a3b8"/><stop offset="1" stop-color="#64748b"/>
    </linearGradient>`;
  const body = `
    <rect x="860" y="440" width="660" height="${GROUND - 440}" fill="url(#shed-wall)"/>
    ${polygon(
      [
        [830, 450],
        [1550, 450],
        [1500, 380],
        [880, 380],
      ],
      `fill="#1f2937"`,
    )}
    <rect x="940" y="520" width="500" height="${GROUND - 520}" fill="#0f172a" opacity="0.85"/>
    <rect x="940" y="510" width="500" height="12" fill="#f59e0b"/>`;
  return { defs, body };
}

function house(wallColour: string) {
  const roof = `${polygon(
    [
      [830, 524],
      [1420, 524],
      [1125, 330],
    ],
    `fill="#263140"`,
  )}<path d="M820 528 L1125 322 L1430 528" fill="none" stroke="#111827" stroke-width="14" stroke-linejoin="round"/>`;
  const door = `<rect x="900" y="640" width="70" height="140" fill="#3f2d1f"/><circle cx="958" cy="712" r="4" fill="#e5e7eb"/>`;
  const deck = `<rect x="840" y="${GROUND - 14}" width="620" height="14" fill="${WOOD}" stroke="${WOOD_EDGE}"/>`;
  return `${weatherboardWall(860, 524, 540, GROUND - 524, wallColour, "home-wall")}${roof}${door}${deck}`;
}

function tower() {
  const parts: string[] = [
    `<rect x="880" y="360" width="540" height="${GROUND - 360}" fill="#334155"/>`,
    `<rect x="880" y="360" width="540" height="16" fill="#1f2937"/>`,
  ];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 6; col++) {
      const lit = (row * 7 + col * 3) % 5 === 0;
      parts.push(
        `<rect x="${906 + col * 86}" y="${396 + row * 62}" width="64" height="40" fill="${lit ? "#fcd34d" : "#7f9bb8"}" opacity="${lit ? 0.9 : 0.65}"/>`,
      );
    }
  }
  // A tower crane says "under construction" at a glance.
  const crane = "#f59e0b";
  const mast: string[] = [];
  for (let y = 200; y < GROUND; y += 30) mast.push(`M1480 ${y} L1510 ${y + 30} M1510 ${y} L1480 ${y + 30}`);
  parts.push(
    `<rect x="1478" y="200" width="34" height="${GROUND - 200}" fill="none" stroke="${crane}" stroke-width="4"/>`,
  );
  parts.push(`<path d="${mast.join(" ")}" stroke="${crane}" stroke-width="3"/>`);
  parts.push(`<rect x="1000" y="190" width="580" height="20" fill="${crane}"/>`);
  parts.push(`<path d="M1495 120 L1020 190 M1495 120 L1580 190" stroke="${crane}" stroke-width="4"/>`);
  parts.push(`<rect x="1540" y="210" width="40" height="36" fill="#1f2937"/>`);
  parts.push(
    `<path d="M1150 210 V430" stroke="#e5e7eb" stroke-width="3"/><rect x="1120" y="430" width="60" height="26" fill="${WOOD}"/>`,
  );
  return parts.join("");
}

function scaffold() {
  const poles = [830, 990, 1150, 1310, 1440].map(
    (x) => `<rect x="${x}" y="400" width="9" height="${GROUND - 400}" fill="#9aa6b4"/>`,
  );
  const levels = [560, 680].map(
    (y) =>
      `<rect x="826" y="${y}" width="626" height="8" fill="#9aa6b4"/><rect x="826" y="${y - 14}" width="626" height="14" fill="#f59e0b"/>`,
  );
  const braces = `<path d="M834 780 L994 560 M1154 780 L1314 560" stroke="#cbd5e1" stroke-width="5"/>`;
  const ladder = `<g stroke="#e5e7eb" stroke-width="6"><path d="M1380 780 L1400 540 M1430 780 L1450 540"/>${[
    0, 1, 2, 3, 4, 5,
  ]
    .map((i) => `<path d="M${1383 + i * 3.4} ${740 - i * 40} h50"/>`)
    .join("")}</g>`;
  return `${poles.join("")}${levels.join("")}${braces}${ladder}`;
}

function subject(scene: SceneName) {
  switch (scene) {
    case "frame":
      return { defs: "", body: houseFrame() };
    case "yard": {
      const building = shed();
      const stack = `<g transform="translate(780 470) scale(1.5)">${timberStack(0, 0, ["#e6bd84", "#c99a5e", "#a87a44"], "#f97316")}</g>`;
      return {
        defs: building.defs,
        body: `${building.body}${stack}${corrugateSheets(1130, 520, 1.15, "#cfd6de", "yard-ridges")}`,
      };
    }
    case "home":
      return { defs: "", body: house("#ece7df") };
    case "commercial":
      return { defs: "", body: tower() };
    case "renovation":
      return { defs: "", body: `${house("#9fb0c4")}${scaffold()}` };
  }
}

/** The full 1600x900 hero picture. */
export function heroSceneSvg(scene: SceneName, kind: Sky) {
  const backdrop = sky(kind);
  const main = subject(scene);
  return svgDocument(1600, 900, `${backdrop.defs}${main.defs}`, `${backdrop.body}${main.body}`);
}

/** The same scene cropped to 4:3 around its subject, for case-study cards. */
export function caseStudySceneSvg(scene: SceneName, kind: Sky, width = 800, height = 600) {
  return heroSceneSvg(scene, kind).replace(
    /width="1600" height="900" viewBox="0 0 1600 900"/,
    `width="${width}" height="${height}" viewBox="560 60 1040 780"`,
  );
}
