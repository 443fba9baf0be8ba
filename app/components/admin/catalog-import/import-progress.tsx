// An import's job while it runs: rows done of the total, the time left at the rate so far, and,
// when it waits its turn behind another import, which one. The page reloads itself every few
// seconds (a meta refresh, so without JavaScript too) until the job is done; the job goes on
// whether or not the page is open.
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { timeLeftInWords } from "~/modules/catalog-import/labels";

export type ProgressView = {
  done: number;
  total: number | null;
  secondsLeft: number | null;
  waitingFor: { id: string; fileName: string } | null;
  retrying: boolean;
};

const REFRESH_SECONDS = 3;

const JOB_WORDS = {
  planning: { doing: "Checking the file", unit: "rows checked" },
  applying: { doing: "Importing", unit: "rows written" },
  undoing: { doing: "Undoing the import", unit: "products put back" },
} as const;

export function ImportProgress({ job, progress }: { job: keyof typeof JOB_WORDS; progress: ProgressView }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  const words = JOB_WORDS[job];
  const percent =
    progress.total && progress.total > 0
      ? Math.min(100, Math.floor((progress.done / progress.total) * 100))
      : null;
  const n = (value: number) => value.toLocaleString("en-NZ");
  return (
    <section className="grid max-w-xl gap-3" aria-labelledby="progress-heading">
      {/* React puts this in the head: the page reloads itself, JavaScript or not. */}
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      <h2 id="progress-heading" className="font-semibold text-lg">
        {words.doing}
      </h2>
      {progress.waitingFor ? (
        <p role="status">
          Waiting for the import of{" "}
          <Link
            to={`/admin/catalog/imports/${progress.waitingFor.id}`}
            className="underline underline-offset-4"
          >
            {progress.waitingFor.fileName}
          </Link>{" "}
          to finish: one import runs at a time. This one starts as soon as it is done.
        </p>
      ) : progress.retrying ? (
        <p role="status">A step failed and will be tried again in a few seconds.</p>
      ) : (
        <p role="status">
          {progress.total === null
            ? `${n(progress.done)} ${words.unit} so far.`
            : `${n(progress.done)} of ${n(progress.total)} ${words.unit}${progress.secondsLeft !== null ? `, ${timeLeftInWords(progress.secondsLeft)}` : ""}.`}
        </p>
      )}
      {percent !== null ? (
        <progress
          aria-label={`${words.doing}: ${percent}%`}
          value={percent}
          max={100}
          className="h-2 w-full overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
        >
          {percent}%
        </progress>
      ) : null}
      <p className="text-muted-foreground text-sm">
        You can leave this page: the import goes on, and its page shows how far it has got.
      </p>
    </section>
  );
}
