import { PlusIcon, ShieldAlertIcon } from "lucide-react";
import { isRouteErrorResponse, useNavigation } from "react-router";
import { ActiveToggle } from "~/components/admin/active-toggle";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { DataTablePagination } from "~/components/admin/data-table/data-table-pagination";
import { DataTableToolbar } from "~/components/admin/data-table/data-table-toolbar";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { PageHeader } from "~/components/admin/page-header";
import { RoleBadge } from "~/components/admin/role-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { UserFormFields } from "~/components/admin/user-form-fields";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  actionFailure,
  backToList,
  parseIntent,
  readFormData,
  unreadableForm,
} from "~/modules/admin/intents";
import { parseListParams } from "~/modules/admin/list-params";
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
import { requireAdmin, requireAdminOrDeny, sessionIdOf } from "~/server/auth/guards.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "~/server/http/input-error";
import { oncePerSubmission } from "~/server/http/once-per-submission.server";
import { logger } from "~/server/logger.server";
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

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const formData = await readFormData(request);
  if (!formData) return unreadableForm();
  const parsed = parseIntent(formData, userIntentSchema, { hideFields });
  if (!parsed.ok) return parsed.response;
  const value = parsed.value;
  const back = backToList(request);
  try {
    switch (value.intent) {
      case "create":
        await oncePerSubmission(formData, () =>
          createAdminUser({ ...value, password: value.password ?? "" }),
        );
        return redirectWithToast(back, { type: "success", title: "User created successfully" });
      case "update":
        await updateAdminUser(actor.id, value, { keepSessionId: sessionIdOf(request) });
        return redirectWithToast(back, { type: "success", title: "User updated successfully" });
      case "set-active":
        await setAdminUserActive(actor.id, value.id, value.isActive);
        return redirectWithToast(back, {
          type: "success",
          title: "User updated successfully",
          description: value.isActive
            ? "The account is active again."
            : "The account is inactive and signed out.",
        });
      case "delete":
        await deleteAdminUser(actor.id, value.id);
        return redirectWithToast(back, { type: "success", title: "User deleted successfully" });
    }
  } catch (error) {
    const title = FAILED[value.intent];
    if (error instanceof InputError)
      return actionFailure(parsed.submission, { title, description: error.message }, { hideFields });
    logger.error({ err: error, intent: value.intent }, title);
    const description = SERVER_FAILURE_MESSAGE;
    return actionFailure(parsed.submission, { title, description }, { hideFields, status: 500 });
  }
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

// The spec's Access Denied screen: sales opening the page, or a refused action (403).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const denied = isRouteErrorResponse(error) && (error.status === 403 || error.status === 401);
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <ShieldAlertIcon aria-hidden className="size-10 text-destructive" />
        <CardTitle asChild>
          <h1 className="text-2xl">{denied ? "Access Denied" : "Something went wrong"}</h1>
        </CardTitle>
        <CardDescription>
          {denied
            ? "You don't have permission to access this page."
            : "The users could not be loaded. Please try again."}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
