// The home content list (/admin/home), admin only, reached from Home Management's 'Hero
// Carousel' button: every home content row of every section by display order, an active switch
// per row, the Add/Edit dialog, delete with confirmation, and a Back button.
import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { HomeContentTable } from "~/components/admin/home/home-content-table";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { saveHomeContent } from "~/modules/content/commands.server";
import { homeContentActionSchema } from "~/modules/content/home.schema";
import { listHomeContent } from "~/modules/content/home-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { tryLoad } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Home Content | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const items = await tryLoad("home content", listHomeContent);
  return { items: items.ok ? items.value : [], failed: !items.ok };
}

const SUCCESS = {
  create: "Content created successfully",
  update: "Content updated successfully",
  "toggle-active": "Content updated successfully",
  delete: "Content deleted successfully",
} as const;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: homeContentActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failure = intent === "delete" ? "Failed to delete content" : "Failed to save content";
  const done = await form.run(saveHomeContent, form.value, failure);
  if (!done.ok) return done.response;
  return redirectWithToast(backToList(args.request), { type: "success", title: SUCCESS[intent] });
}

export default function HomeContentList({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader title="Home Content" description="Every section of the home page, in display order.">
        <Button asChild variant="outline">
          <Link to="/admin/home-management">
            <ArrowLeftIcon aria-hidden />
            Back
          </Link>
        </Button>
      </PageHeader>
      <HomeContentTable items={loaderData.items} failed={loaderData.failed} />
    </div>
  );
}
