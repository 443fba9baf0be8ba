// A list that could not be loaded: a toast ('Failed to fetch brands') once, and the same
// words in the page for whoever missed the toast or has JavaScript off.
//
//   <FetchError failed={loaderData.failed} message="Failed to fetch brands" />
import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

export function FetchError({ failed, message }: { failed: boolean; message: string }) {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, message]);
  if (!failed) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
      {message}
    </p>
  );
}
