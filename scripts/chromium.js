// Finds Debian's Chromium for the browser tests; never downloads a browser.
import fs from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  return candidates.find((p) => fs.existsSync(p));
}

export function requireChromium() {
  const found = findChromium();
  if (!found) {
    console.error(
      [
        "Chromium was not found, and the end-to-end tests need it (no browser is downloaded).",
        "Install Debian's Chromium and run the tests again:",
        "",
        "  sudo apt-get update && sudo apt-get install -y chromium",
        "",
        "or point CHROME_PATH at a Chromium or Chrome binary.",
      ].join("\n"),
    );
    process.exit(1);
  }
  return found;
}
