// Every intent of every back-office action, by route id (the route file without its extension).
// The role matrix, the access-control walk and the hostile-input test share this one list; the
// first two fail when a route file has an intent literal that is missing here.
export const ADMIN_INTENTS: Readonly<Record<string, readonly string[]>> = {
  "routes/admin/dashboard": ["retry-mail"],
  "routes/admin/home-management": [
    "save-hero",
    "create",
    "update",
    "create-review",
    "update-review",
    "delete",
  ],
  "routes/admin/home": ["create", "update", "toggle-active", "delete"],
  "routes/admin/case-studies": ["create", "update", "delete"],
  "routes/admin/certifications": ["create", "update", "delete", "upload", "register-checked"],
  "routes/admin/catalog": ["create", "update", "delete"],
  "routes/admin/catalog/building-information": ["create"],
  "routes/admin/catalog/building-info-sheet": ["save", "delete"],
  "routes/admin/catalog/import": ["upload"],
  "routes/admin/catalog/import-detail": ["plan", "save-profile", "apply", "undo", "discard"],
  "routes/admin/catalog/imports": ["delete-profile"],
  "routes/admin/users": ["create", "update", "set-active", "delete"],
  "routes/admin/settings": [
    "create-brand",
    "update-brand",
    "toggle-brand",
    "delete-brand",
    "create-category",
    "update-category",
    "toggle-category",
    "delete-category",
    "save-hero",
    "save-enquiry-settings",
    "save-quote-settings",
  ],
  "routes/admin/contact": ["create", "update", "delete"],
  "routes/admin/contact-management": [
    "delete-query",
    "bulk-status",
    "create-subject",
    "update-subject",
    "toggle-subject",
    "delete-subject",
  ],
  "routes/admin/enquiry": ["set-status", "set-owner", "add-note", "create-quote"],
  "routes/admin/quote": ["save", "review", "send", "send-saved", "withdraw", "revise"],
  "routes/resources/enquiries-csv": ["export-selected"],
};

/** The intents of the route in `file` (as app/routes.ts names it, e.g. "routes/admin/users.tsx"). */
export function adminIntentsOf(file: string): readonly string[] | undefined {
  return ADMIN_INTENTS[file.replace(/\.tsx?$/, "")];
}
