// What an import's page shows, by its status: the mapping (with the saved profiles, the one
// chosen or the one that fits the headers), the job's progress, the preview, the outcome, and
// before an undo the products changed since.
import { IMPORT_JOB_STATUSES, type ImportStatus } from "~/lib/vocabulary";
import {
  fieldsFromProfile,
  getImport,
  type ImportRecord,
  listProfiles,
  previewOf,
  profileFor,
  progressOf,
  undoConflictsOf,
} from "./queries.server";

/** Nothing of the import is in the catalogue, and its file is kept: its mapping can change. */
function mappable(record: ImportRecord) {
  return (
    record.filePath !== null &&
    (record.status === "mapping" ||
      record.status === "planned" ||
      (record.status === "failed" && record.plannedAt === null && record.created + record.updated === 0))
  );
}

/** It wrote something that can be put back. */
function undoable(record: ImportRecord) {
  return ["applied", "stopped", "failed"].includes(record.status) && record.created + record.updated > 0;
}

async function mappingOf(record: ImportRecord, profileId: string | null) {
  const profiles = await listProfiles();
  const chosen = profileId ? profiles.find((p) => p.id === profileId) : undefined;
  const offered = !chosen && record.status === "mapping" ? profileFor(profiles, record.headers) : null;
  const profile = chosen ?? offered ?? null;
  const fields = profile ? fieldsFromProfile(profile, record.headers) : record.columns.map((c) => c.field);
  return {
    columns: record.headers.map((header, index) => ({ index, header, field: fields[index] ?? null })),
    profiles: profiles.map(({ id, name }) => ({ id, name })),
    profile: profile ? { id: profile.id, name: profile.name } : null,
    mode: profile?.mode ?? record.mode,
    createMissing: profile?.createMissing ?? record.createMissing,
    stopAtFirstProblem: record.stopAtFirstProblem,
  };
}

/** The page's data for the import `id` (404 when there is none), as the URL asks. */
export async function loadImportScreen(id: string, url: URL) {
  const record = await getImport(id);
  const asked = url.searchParams.get("step");
  const editing = mappable(record) && (record.status !== "planned" || asked === "mapping");
  const planned = record.plannedAt !== null && record.status !== "planning";
  const [mapping, preview, progress, conflicts] = await Promise.all([
    editing ? mappingOf(record, url.searchParams.get("profile")) : null,
    planned && !editing ? previewOf(record) : null,
    progressOf(record),
    url.searchParams.get("undo") === "confirm" && undoable(record) ? undoConflictsOf(record) : null,
  ]);
  const running = (IMPORT_JOB_STATUSES as readonly ImportStatus[]).includes(record.status);
  return {
    import: {
      id: record.id,
      fileName: record.fileName,
      sheetName: record.sheetName,
      status: record.status,
      createdByName: record.createdByName,
      createdAt: record.createdAt,
      failure: record.failure,
      created: record.created,
      updated: record.updated,
      unchanged: record.unchanged,
      refused: record.refused,
      refusedOnApply: record.refusedOnApply,
      undone: record.undone,
      undoConflicts: record.undoConflicts,
      hasReport: planned,
      canApply: record.status === "planned",
      canRemap: mappable(record) && record.status === "planned",
      canDiscard:
        ["mapping", "planned", "failed"].includes(record.status) && record.created + record.updated === 0,
      canUndo: undoable(record),
    },
    mapping,
    preview: preview && {
      ...preview,
      counts: {
        create: record.toCreate,
        update: record.toUpdate,
        unchanged: record.unchanged,
        refused: record.refused,
      },
      unknownCategories: record.unknownCategories,
      unknownBrands: record.unknownBrands,
      createMissing: record.createMissing,
    },
    progress: running ? progress : null,
    conflicts,
  };
}
