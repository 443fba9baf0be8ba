// Finds a Chromium for the browser tests without downloading one: CHROME_PATH, else Debian's
// `chromium-headless-shell` (Chromium's headless-only build, which runs the journeys in about
// two thirds of the full browser's time), else Debian's `chromium`, else the headless shell that
// the @sparticuz/chromium package ships inside its npm tarball, unpacked into the temporary
// folder on first use.
import fs from "node:fs";

export function findSystemChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

async function packagedChromium() {
  try {
    const { default: chromium } = await import("@sparticuz/chromium");
    return await chromium.executablePath();
  } catch (error) {
    console.error(`The Chromium of @sparticuz/chromium could not be unpacked: ${error.message}`);
    return undefined;
  }
}

export async function requireChromium() {
  const found = findSystemChromium() ?? (await packagedChromium());
  if (!found) {
    console.error(
      [
        "No Chromium was found for the end-to-end tests (no browser is downloaded at run time).",
        "Install Debian's Chromium and run the tests again:",
        "",
        "  sudo apt-get update && sudo apt-get install -y chromium-headless-shell",
        "",
        "or point CHROME_PATH at a Chromium or Chrome binary.",
      ].join("\n"),
    );
    process.exit(1);
  }
  return found;
}
