// The route table, written out: public pages in the site layout, the admin area behind its role
// gate, and resource routes (no UI).
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("auth", "routes/public/auth.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [index("routes/admin/dashboard.tsx")]),
  route("auth/sign-out", "routes/resources/sign-out.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("files/:bucket/:name", "routes/resources/public-file.ts"),
  route("admin/files/contact_uploads/:name", "routes/resources/contact-upload.ts"),
] satisfies RouteConfig;
