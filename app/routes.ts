// The route table, written out: public pages in the site layout, the admin area behind its role
// gate, and resource routes (no UI).
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("auth", "routes/public/auth.tsx"),
    route("catalog", "routes/public/catalog.tsx"),
    route("catalog/:slug", "routes/public/product.tsx"),
    route("case-study", "routes/public/case-studies.tsx"),
    route("case-study/:slug", "routes/public/case-study.tsx"),
    route("certifications", "routes/public/certifications.tsx"),
    route("terms-conditions", "routes/public/terms.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("home-management", "routes/admin/home-management.tsx"),
    route("home", "routes/admin/home.tsx"),
    route("case-studies", "routes/admin/case-studies.tsx"),
    route("certifications", "routes/admin/certifications.tsx"),
    route("catalog", "routes/admin/catalog.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("contact", "routes/admin/contact.tsx"),
    route("contact-management", "routes/admin/contact-management.tsx"),
    route("contact-management/:id", "routes/admin/enquiry.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("auth/sign-out", "routes/resources/sign-out.ts"),
  route("auth/confirm-email", "routes/resources/confirm-email.ts"),
  route("quote-list", "routes/resources/quote-list.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("files/:bucket/:name", "routes/resources/public-file.ts"),
  route("admin/files/contact_uploads/:name", "routes/resources/contact-upload.ts"),
  route("admin/contact-management/export", "routes/resources/enquiries-csv.ts"),
  route("admin/audit/export", "routes/resources/audit-csv.ts"),
] satisfies RouteConfig;
