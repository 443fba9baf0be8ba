// Materials arrive in two shapes (a JSON list, or a comma-separated string typed by staff), and
// older rows may hold a JSON list written as text. Every reader goes through this one function.

function cleanList(items: unknown[]): string[] {
  return items
    .filter((item): item is string | number => typeof item === "string" || typeof item === "number")
    .map((item) => String(item).trim())
    .filter((item) => item.length > 0);
}

/** A case study's materials as a list of names; anything unreadable becomes an empty list. */
export function parseMaterials(value: unknown): string[] {
  if (Array.isArray(value)) return cleanList(value);
  if (typeof value !== "string") return [];
  const text = value.trim();
  if (text.startsWith("[") || text.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? cleanList(parsed) : [];
    } catch {
      // Not JSON after all: read it as the comma-separated form below, brackets stripped.
      return cleanList(text.replace(/^[[{]|[\]}]$/g, "").split(","));
    }
  }
  return cleanList(text.split(","));
}
