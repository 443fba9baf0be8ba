CREATE TABLE "periodic_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
