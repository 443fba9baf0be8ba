import { PlusIcon, ShieldAlertIcon } from "lucide-react";
import { isRouteErrorResponse, useNavigation } from "react-router";
import type { z } from "zod";
import { AccessDenied } from "~/components/admin/access-denied";
import { ActiveToggle } from "~/components/admin/active-toggle";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { DataTablePagination } from "~/components/admin/data-table/data-table-pagination";
import { DataTableToolbar } from "~/components/admin/data-table/data-table-toolbar";
import { HistoryLink } from "~/components/admin/data-table/history-link";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { PageHeader } from "~/components/admin/page-header";
import { RoleBadge } from "~/components/admin/role-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { UserFormFields } from "~/components/admin/user-form-fields";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { parseListParams } from "~/lib/list-params";
import {
  type AdminUserRow,
  createAdminUser,
  deleteAdminUser,
  listUsers,
  setAdminUserActive,
  updateAdminUser,
} from "~/modules/users/admin.server";
import {
  createUserFormSchema,
  USER_FORM_DEFAULTS,
  updateUserFormSchema,
  userIntentSchema,
} from "~/modules/users/schema";
import { requireAdminOrDeny, sessionIdOf } from "~/server/auth/guards.server";
import { backToList } from "~/server/http/intents";
import { type AuditTarget, auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "User Management | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // Sales opening this page sees Access Denied (403), and no user data.
  const user = await requireAdminOrDeny(request);
  const params = parseListParams(request);
  return { ...(await listUsers(params)), q: params.q, currentUserId: user.id };
}

const FAILED = {
  create: "Failed to create user",
  update: "Failed to update user",
  "set-active": "Failed to update user",
  delete: "Failed to delete user",
} as const;

const hideFields = ["password"];

const SUCCESS = {
  create: { title: "User created successfully" },
  update: { title: "User updated successfully" },
  delete: { title: "User deleted successfully" },
} as const;

function auditOf(value: z.output<typeof userIntentSchema>): AuditTarget {
  const target = auditTargetOf("user", value);
  // The new password is never logged, only that it was set.
  if (value.intent === "update" && value.password)
    return { ...target, changes: { password: { before: "(hidden)", after: "(changed)" } } };
  return target;
}

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, { role: "admin", schema: userIntentSchema, hideFields });
  if (!form.ok) return form.response;
  const value = form.value;
  const actorId = form.staff.user.id;
  const failed = await form.commit(
    auditOf(value),
    () => {
      switch (value.intent) {
        case "create":
          return createAdminUser({ ...value, password: value.password ?? "" });
        case "update":
          return updateAdminUser(actorId, value, { keepSessionId: sessionIdOf(args.request) });
        case "set-active":
          return setAdminUserActive(actorId, value.id, value.isActive);
        case "delete":
          return deleteAdminUser(actorId, value.id);
      }
    },
    FAILED[value.intent],
  );
  if (failed) return failed;
  const toast =
    value.intent === "set-active"
      ? {
          title: "User updated successfully",
          description: value.isActive
            ? "The account is active again."
            : "The account is inactive and signed out.",
        }
      : SUCCESS[value.intent];
  return redirectWithToast(backToList(args.request), { type: "success", ...toast });
}

const created = new Intl.DateTimeFormat("en-NZ", { dateStyle: "medium", timeZone: "Pacific/Auckland" });

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, currentUserId } = loaderData;
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/admin/users" &&
    !navigation.formMethod;
  const dialog = useEntityDialog<AdminUserRow>();
  const editing = dialog.record;

  const columns: DataTableColumn<AdminUserRow>[] = [
    {
      key: "name",
      header: "Name",
      cell: (u) => <span className="font-medium">{u.name}</span>,
      className: "whitespace-normal",
    },
    { key: "email", header: "Email", cell: (u) => u.email },
    { key: "role", header: "Role", cell: (u) => <RoleBadge role={u.role} /> },
    { key: "status", header: "Status", cell: (u) => <StatusBadge active={u.isActive} /> },
    { key: "created", header: "Created", cell: (u) => created.format(new Date(u.createdAt)) },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (u) => {
        const isSelf = u.id === currentUserId;
        return (
          <RowActions
            itemLabel={u.name}
            onEdit={() => dialog.openFor(u)}
            deleteId={u.id}
            deleteDisabled={isSelf}
            deleteProps={{
              description: `This will permanently delete the account of ${u.name} (${u.email}). This action cannot be undone.`,
            }}
          >
            <ActiveToggle id={u.id} active={u.isActive} itemLabel={u.name} disabled={isSelf} />
            <HistoryLink entity="user" id={u.id} itemLabel={u.name} />
          </RowActions>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title="User Management" description="Staff and user accounts, their roles and access." />
      <DataTableToolbar label="Search users" placeholder="Search by name or email..." query={q} page={page}>
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Create User
        </Button>
      </DataTableToolbar>
      <DataTable
        caption="Users"
        columns={columns}
        rows={rows}
        getRowKey={(u) => u.id}
        loadingText={loading ? "Loading users..." : undefined}
        emptyText="No users found. Create your first user to get started."
      />
      <DataTablePagination page={page} pageCount={pageCount} total={total} label="User pages" />
      <EntityDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        recordId={editing?.id}
        title={{ create: "Create User", edit: "Edit User" }}
        submitLabel={{ create: "Create User", edit: "Update User" }}
        schema={editing ? updateUserFormSchema : createUserFormSchema}
        defaultValue={
          editing
            ? { name: editing.name, email: editing.email, password: "", role: editing.role }
            : USER_FORM_DEFAULTS
        }
      >
        {(fields) => (
          <UserFormFields
            fields={fields}
            mode={editing ? "edit" : "create"}
            isSelf={editing?.id === currentUserId}
          />
        )}
      </EntityDialog>
    </>
  );
}

// Access Denied for sales opening the page, or a refused action (403).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessDenied error={error} failed="The users could not be loaded. Please try again." />;
}
