// What a save did to a draft's lines, in words, for the audit log: "Line 2: quantity 3 → 5",
// "Added line 4: Delivery to site, 1 each at $45.00", "Removed line 1: Plywood 12mm, 3 sheet at
// $19.99", "Line 1: moved from line 3". The builder posts every line afresh and the server stores
// them anew, so lines are matched by what they are: the same product, or for a free line the same
// description, in the longest common order; a line whose product and description both changed in
// place is the same line edited.
import { formatCents, formatPercent, formatQuantity } from "~/lib/money";

export type EditedLine = {
  productId: string | null;
  description: string;
  sku: string | null;
  quantityMilli: number;
  unit: string;
  unitPriceCents: number;
  discountBasisPoints: number;
  note: string | null;
};

/** The edits as the audit log keeps them (a change per field) and as its summary says them. */
export type LineEdits = {
  changes: Record<string, { before: string | null; after: string | null }>;
  phrases: string[];
};

const FIELDS: { name: string; read: (line: EditedLine) => string }[] = [
  { name: "description", read: (line) => `"${line.description}"` },
  { name: "stock code", read: (line) => line.sku ?? "none" },
  { name: "quantity", read: (line) => formatQuantity(line.quantityMilli) },
  { name: "unit", read: (line) => line.unit },
  { name: "unit price", read: (line) => formatCents(line.unitPriceCents) },
  { name: "discount", read: (line) => `${formatPercent(line.discountBasisPoints)}%` },
  { name: "note", read: (line) => (line.note ? `"${line.note}"` : "none") },
];

/** "Plywood 12mm, 3 sheet at $19.99, less 10%". */
function lineInWords(line: EditedLine) {
  const discount = line.discountBasisPoints ? `, less ${formatPercent(line.discountBasisPoints)}%` : "";
  const note = line.note ? ` (${line.note})` : "";
  return `${line.description}, ${formatQuantity(line.quantityMilli)} ${line.unit} at ${formatCents(line.unitPriceCents)}${discount}${note}`;
}

function keyOf(line: EditedLine) {
  return line.productId ?? `~${line.description.trim().toLowerCase()}`;
}

/** Index pairs [before, after] of the longest common subsequence of two key lists. */
function commonOrder(before: string[], after: string[]) {
  const rows = before.length;
  const cols = after.length;
  const table = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--)
    for (let j = cols - 1; j >= 0; j--)
      table[i]![j] =
        before[i] === after[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (before[i] === after[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** Which earlier line each line now is (its index before), or undefined for a new line. */
function matchLines(before: EditedLine[], after: EditedLine[]) {
  const beforeKeys = before.map(keyOf);
  const afterKeys = after.map(keyOf);
  const anchors = commonOrder(beforeKeys, afterKeys);
  const was = new Map<number, number>(anchors.map(([i, j]) => [j, i]));
  const taken = new Set(anchors.map(([i]) => i));
  // A line moved out of the common order keeps its key.
  const moved = new Set<number>();
  for (let j = 0; j < after.length; j++) {
    if (was.has(j)) continue;
    const i = beforeKeys.findIndex((key, index) => !taken.has(index) && key === afterKeys[j]);
    if (i >= 0) {
      was.set(j, i);
      taken.add(i);
      moved.add(j);
    }
  }
  // Between two lines that stayed, a line gone and a line come in its place is one line edited.
  const bounds: [number, number][] = [[-1, -1], ...anchors, [before.length, after.length]];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [fromBefore, fromAfter] = bounds[k]!;
    const [toBefore, toAfter] = bounds[k + 1]!;
    const gone: number[] = [];
    for (let i = fromBefore + 1; i < toBefore; i++) if (!taken.has(i)) gone.push(i);
    for (let j = fromAfter + 1; j < toAfter && gone.length > 0; j++) {
      if (was.has(j)) continue;
      const i = gone.shift()!;
      was.set(j, i);
      taken.add(i);
    }
  }
  return { was, moved, removed: before.map((_, i) => i).filter((i) => !taken.has(i)) };
}

export function describeLineEdits(before: EditedLine[], after: EditedLine[]): LineEdits {
  const { was, moved, removed } = matchLines(before, after);
  const changes: LineEdits["changes"] = {};
  const phrases: string[] = [];
  after.forEach((line, j) => {
    const n = j + 1;
    const i = was.get(j);
    if (i === undefined) {
      changes[`Added line ${n}`] = { before: null, after: lineInWords(line) };
      phrases.push(`Added line ${n}: ${lineInWords(line)}`);
      return;
    }
    const old = before[i]!;
    const parts: string[] = [];
    if (moved.has(j)) {
      changes[`Line ${n}: position`] = { before: `line ${i + 1}`, after: `line ${n}` };
      parts.push(`moved from line ${i + 1}`);
    }
    for (const field of FIELDS) {
      const from = field.read(old);
      const to = field.read(line);
      if (from === to) continue;
      changes[`Line ${n}: ${field.name}`] = { before: from, after: to };
      parts.push(`${field.name} ${from} → ${to}`);
    }
    if (parts.length > 0) phrases.push(`Line ${n}: ${parts.join(", ")}`);
  });
  for (const i of removed) {
    const line = before[i]!;
    changes[`Removed line ${i + 1}`] = { before: lineInWords(line), after: null };
    phrases.push(`Removed line ${i + 1}: ${lineInWords(line)}`);
  }
  return { changes, phrases };
}
