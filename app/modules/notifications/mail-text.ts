// Making visitor-typed text safe for the places an e-mail puts it: a header (one line, no
// control characters, so no injected headers), a plain-text body (lines kept, control
// characters gone) and HTML (escaped).

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, with tab and newline kept
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/g;

/** One line for a header or a label: every control character becomes a space; cut at `max`. */
export function oneLine(value: string | null | undefined, max = 200) {
  const text = (value ?? "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Multi-line text for a body: newlines normalised, other control characters dropped. */
export function bodyText(value: string | null | undefined) {
  return (value ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u2028\u2029]/g, "\n")
    .replace(CONTROL_BUT_LINES, "")
    .trim();
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Label/value rows as aligned plain text. */
export function textRows(rows: [label: string, value: string][]) {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows
    .map(([label, value]) => {
      const [first = "", ...rest] = value.split("\n");
      const pad = " ".repeat(width);
      return [`${`${label}:`.padEnd(width)}${first}`, ...rest.map((line) => `${pad}${line}`)].join("\n");
    })
    .join("\n");
}
