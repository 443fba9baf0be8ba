// Writes app/components/ui/sprite-icons.svg: one <symbol> per icon of SITE_ICON_NAMES, its shapes
// taken from the installed lucide-react, then one per brand mark of BRAND_ICONS. Run after changing the list or upgrading lucide-react
// (`npx tsx scripts/build-icon-sprite.ts`); a unit test fails while the file is out of date.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BRAND_ICONS, SITE_ICON_NAMES, toSymbolId } from "../app/components/ui/sprite-icon-names";

const root = path.resolve(import.meta.dirname, "..");
export const SPRITE_PATH = path.join(root, "app/components/ui/sprite-icons.svg");

type IconNode = [string, Record<string, string>][];

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The lucide-react module file that exports `name` (icons are renamed over time; aliases stay). */
function moduleOf(name: string, index: string, iconsDir: string) {
  const match = new RegExp(`default as ${name}\\b[^}]*\\} from '\\./icons/([^']+)'`).exec(index);
  if (!match) throw new Error(`lucide-react exports no icon named ${name}`);
  return path.join(iconsDir, match[1] ?? "");
}

export async function renderIconSprite() {
  const esm = path.join(root, "node_modules/lucide-react/dist/esm");
  const index = fs.readFileSync(path.join(esm, "lucide-react.mjs"), "utf8");
  const symbols: string[] = [];
  for (const name of SITE_ICON_NAMES) {
    const file = moduleOf(name, index, path.join(esm, "icons"));
    const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
    const shapes = __iconData.node
      .map(([tag, attrs]) => {
        const list = Object.entries(attrs)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
          .join(" ");
        return `<${tag} ${list}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${toSymbolId(name)}" viewBox="0 0 24 24">${shapes}</symbol>`);
  }
  for (const [name, shapes] of Object.entries(BRAND_ICONS)) {
    symbols.push(`<symbol id="${toSymbolId(name)}" viewBox="0 0 24 24">${shapes}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(SPRITE_PATH, await renderIconSprite());
  const count = SITE_ICON_NAMES.length + Object.keys(BRAND_ICONS).length;
  console.log(`Wrote ${path.relative(root, SPRITE_PATH)} (${count} icons)`);
}
