/** The card shows the challenge cut at 150 characters, ending in an ellipsis when cut. */
const CHALLENGE_EXCERPT_LENGTH = 150;

export function excerpt(text: string | null, length = CHALLENGE_EXCERPT_LENGTH) {
  if (!text) return "";
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

export function formatDuration(months: number | null) {
  if (months === null) return null;
  return `${months} ${months === 1 ? "month" : "months"}`;
}
