// Downloads an enquiry's attachment with fetch so a failure can say so ('Error downloading file')
// instead of leaving a broken download; without JavaScript the link downloads on its own.
import type { MouseEvent } from "react";
import { toast } from "~/components/ui/toast";

function fileNameFrom(response: Response, href: string) {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? href.split("/").pop() ?? "download";
}

export async function downloadFile(event: MouseEvent<HTMLAnchorElement>, href: string) {
  event.preventDefault();
  try {
    // A redirect means the session ended (sent to sign in): that is a failure here, not a file.
    const response = await fetch(href, { credentials: "same-origin", redirect: "manual" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameFrom(response, href);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast.error("Error downloading file", {
      description: "The file could not be downloaded. Please try again.",
    });
  }
}
