// The pictures an import's rows name, taken when a batch is applied (before its transaction).
// For now an address is kept as the product's image URL as it is, and a file's name (a picture
// from a ZIP beside the sheet) is refused; the picture pipeline takes both the same way once it
// is in (fetching an address, storing and processing a file, as the dialog's upload does).
import { isPictureAddress } from "./plan";

const NO_ZIP_YET = "Pictures from a ZIP are not available yet.";

/** Why the dry run refuses a picture cell now, or null when the apply can take it. */
export function checkPictureRef(ref: string): string | null {
  return isPictureAddress(ref) ? null : NO_ZIP_YET;
}

export type ResolvedPicture = { url: string } | { refused: string };

/** Each row's picture as the product's image URL, or why it is refused, by row number. */
export async function resolvePictures(
  rows: readonly { rowNumber: number; picture: string }[],
): Promise<Map<number, ResolvedPicture>> {
  return new Map(
    rows.map(({ rowNumber, picture }) => {
      const refused = checkPictureRef(picture);
      return [rowNumber, refused ? { refused } : { url: picture }];
    }),
  );
}

/** Undoes what resolvePictures stored for a batch that did not commit (nothing, for addresses). */
export async function discardPictures(_pictures: ReadonlyMap<number, ResolvedPicture>) {}
