// What a form shows while its file goes up: a progress bar with the percentage, then a clear
// message if the connection dropped. Without JavaScript the browser's own indicator serves.

import { useId } from "react";
import { CircleAlert } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import { useUploadProgress } from "~/lib/upload-progress";

const UPLOAD_INTERRUPTED = {
  title: "Upload interrupted",
  description: "The connection dropped before your file was sent. Check your connection and try again.",
};

function formatMegabytes(bytes: number) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `active`: the form is sending, or (for a field that uploads with its form) holds a chosen file. */
export function UploadProgress({ active, className }: { active: boolean; className?: string }) {
  const { uploading, interrupted } = useUploadProgress(active);
  const labelId = useId();
  if (uploading) {
    return (
      <div className={cx("grid gap-1.5", className)}>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span id={labelId} className="font-medium">
            Uploading file
          </span>
          <span className="text-muted-foreground tabular-nums" aria-hidden="true">
            {uploading.total > 0
              ? `${formatMegabytes(uploading.loaded)} of ${formatMegabytes(uploading.total)} · `
              : null}
            {uploading.percent}%
          </span>
        </div>
        <progress
          aria-labelledby={labelId}
          aria-valuetext={`${uploading.percent}%`}
          value={uploading.percent}
          max={100}
          className="h-2 w-full overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
        >
          {uploading.percent}%
        </progress>
      </div>
    );
  }
  if (interrupted) {
    return (
      <div
        role="alert"
        className={cx(
          "flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm",
          className,
        )}
      >
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        <p>
          <strong className="font-semibold">{UPLOAD_INTERRUPTED.title}.</strong>{" "}
          {UPLOAD_INTERRUPTED.description}
        </p>
      </div>
    );
  }
  return null;
}
