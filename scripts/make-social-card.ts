// Makes public/social-card.png, the 1200x630 OpenGraph/Twitter image of pages whose own picture
// has no social crop. Run once after a change of brand: `npm exec -- tsx scripts/make-social-card.ts`.
// The PNG is committed, so the server never draws it.
import path from "node:path";
import sharp from "sharp";

const WIDTH = 1200;
const HEIGHT = 630;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1c1917"/>
      <stop offset="1" stop-color="#292524"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.6">
      <stop offset="0" stop-color="#ea580c" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ea580c" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <g transform="translate(96 120) scale(4.5)">
    <rect width="32" height="32" rx="6" fill="#fafaf9"/>
    <path d="M6 22 16 8l10 14z" fill="#ea580c"/>
    <rect x="13" y="17" width="6" height="7" fill="#1c1917"/>
  </g>
  <text x="270" y="222" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="88" font-weight="800" fill="#fafaf9">Trade<tspan fill="#fb923c">Counter</tspan></text>
  <text x="96" y="390" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="50" font-weight="700" fill="#fafaf9">Building supplies for New Zealand builders</text>
  <text x="96" y="460" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="34" fill="#d6d3d1">Timber · Roofing · Cladding · Insulation · Tools · Hardware</text>
  <rect x="96" y="510" width="330" height="64" rx="10" fill="#ea580c"/>
  <text x="261" y="553" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#ffffff">Contact for Price</text>
</svg>`;

const out = path.resolve("public/social-card.png");
const info = await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(out);
console.log(`Wrote ${out}: ${info.width}x${info.height}, ${info.size} bytes`);
