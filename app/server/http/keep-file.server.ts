// How an upload held in quarantine is kept by the command that saves its record: copied into
// storage under the name chosen when it was read (the form already carries that address), a
// picture then processed into its sizes; and removed again, sizes and image_assets row with it,
// when the command does not commit. The runner calls these (runCommand's `files`), before its
// transaction, so no row lock is held while a file is written or a picture processed.
import fs from "node:fs";
import type { IncomingFile } from "../commands/runner.server";
import { processStoredImage, removeImageAsset } from "../images/process-image.server";
import { logger } from "../logger.server";
import { getStorage } from "../storage/storage.server";
import type { HeldFile } from "./form-body.server";
import { IMAGE_UPLOAD_ERRORS } from "./image-upload.server";
import { InputError } from "./input-error";

export function keepFile(file: HeldFile): IncomingFile {
  const storage = getStorage();
  return {
    async store() {
      await storage.put(file.bucket, file.name, fs.createReadStream(file.temp), { name: file.name });
      if (!file.picture || !file.url) return;
      const url = file.url;
      // A failure of ours (disk, database) while writing the sizes does not refuse the upload:
      // the original still shows, only without a srcset.
      const processed = await processStoredImage(file).catch((error: unknown) => {
        logger.error({ err: error, url }, "Failed to process an uploaded image; keeping the original only");
        return null;
      });
      // It decoded when it was read; a picture that no longer does is refused all the same.
      if (processed && !processed.ok) {
        await storage.delete(file.bucket, file.name);
        throw new InputError(IMAGE_UPLOAD_ERRORS.notImage.description);
      }
    },
    async remove() {
      if (file.picture && file.url) await removeImageAsset(file.url);
      await storage.delete(file.bucket, file.name);
    },
  };
}
