// Dashboard > Backups (admins only): when the last good backup was made, and a warning when none
// is recorded or it is more than a day old (the nightly backup did not run, or failed).
import { CircleAlertIcon, DatabaseBackupIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import type { BackupState } from "~/modules/dashboard/backup.server";

function ago(from: Date, now: Date) {
  const hours = Math.floor((now.getTime() - from.getTime()) / 3_600_000);
  if (hours < 1) return "less than an hour ago";
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function BackupPanel({ state, now }: { state: BackupState | null; now: Date }) {
  const lastAt = state?.lastAt ? new Date(state.lastAt) : null;
  return (
    <section aria-labelledby="backup-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="backup-heading" className="flex items-center gap-2">
              <DatabaseBackupIcon aria-hidden className="size-4 text-muted-foreground" />
              Backups
            </h2>
          </CardTitle>
          <CardDescription>
            The database and every uploaded file, saved by the nightly backup.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!state ? (
            <p className="text-muted-foreground text-sm">The backup status could not be loaded.</p>
          ) : state.overdue ? (
            <p role="status" className="flex items-start gap-2 font-medium text-destructive text-sm">
              <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {lastAt ? (
                  <>
                    The last good backup was made {ago(lastAt, now)} (
                    <time dateTime={lastAt.toISOString()}>{formatNzDateTime(lastAt)}</time>), more than a day
                    ago. Check the backup's log: journalctl -u tradecounter-backup.
                  </>
                ) : (
                  <>No backup has been recorded. Set up the nightly backup (README, Backups).</>
                )}
              </span>
            </p>
          ) : (
            <p className="text-sm">
              The last good backup was made {ago(lastAt ?? now, now)} (
              <time dateTime={(lastAt ?? now).toISOString()}>{formatNzDateTime(lastAt ?? now)}</time>).
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
