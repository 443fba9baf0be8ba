// The home content list (/admin/home), admin only, reached from Home Management's 'Hero
// Carousel' button: every home content row of every section by display order, an active switch
// per row, the Add/Edit dialog, delete with confirmation, and a Back button.
import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import type { z } from "zod";
import { HomeContentTable } from "~/components/admin/home/home-content-table";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { homeContentActionSchema } from "~/modules/content/home.schema";
import {
  createHomeContent,
  deleteHomeContent,
  listHomeContent,
  setHomeContentActive,
  updateHomeContent,
} from "~/modules/content/home-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { backToList } from "~/server/http/intents";
import { tryLoad } from "~/server/http/screens.server";
import { auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
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

async function perform(value: z.output<typeof homeContentActionSchema>) {
  if (value.intent === "create") return createHomeContent(value);
  if (value.intent === "update") return updateHomeContent(value.id, value);
  if (value.intent === "toggle-active") return setHomeContentActive(value.id, value.isActive);
  return deleteHomeContent(value.id);
}

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, { role: "admin", schema: homeContentActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failed = await form.commit(
    auditTargetOf("home_content", form.value),
    () => perform(form.value),
    intent === "delete" ? "Failed to delete content" : "Failed to save content",
  );
  return failed ?? redirectWithToast(backToList(args.request), { type: "success", title: SUCCESS[intent] });
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
