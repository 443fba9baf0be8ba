import { AccessDenied } from "~/components/admin/access-denied";
import { ActiveToggle } from "~/components/admin/active-toggle";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { HistoryLink } from "~/components/admin/data-table/history-link";
import { EntityList } from "~/components/admin/entity-list";
import { PageHeader } from "~/components/admin/page-header";
import { RoleBadge } from "~/components/admin/role-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { UserFormFields } from "~/components/admin/user-form-fields";
import { parseListParams } from "~/lib/list-params";
import { formatNzDate } from "~/lib/nz-date";
import { type AdminUserRow, listUsers } from "~/modules/users/admin.server";
import { createUser, deleteUser, setUserActive, updateUser } from "~/modules/users/commands.server";
import {
  createUserFormSchema,
  USER_FORM_DEFAULTS,
  updateUserFormSchema,
  userIntentSchema,
} from "~/modules/users/schema";
import { requireAdminOrDeny, sessionIdOf } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "User Management | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // Sales opening this page sees Access Denied (403), and no user data.
  const user = await requireAdminOrDeny(request);
  const list = await loadPagedList("users", parseListParams(request), listUsers);
  return { ...list, currentUserId: user.id };
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

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: userIntentSchema, hideFields });
  if (!form.ok) return form.response;
  const value = form.value;
  const failed = FAILED[value.intent];
  const done =
    value.intent === "create"
      ? await form.run(createUser, { ...value, password: value.password ?? "" }, failed)
      : value.intent === "update"
        ? await form.run(updateUser, { ...value, keepSessionId: sessionIdOf(args.request) }, failed)
        : value.intent === "set-active"
          ? await form.run(setUserActive, value, failed)
          : await form.run(deleteUser, value, failed);
  if (!done.ok) return done.response;
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

const COLUMNS: DataTableColumn<AdminUserRow>[] = [
  {
    key: "name",
    header: "Name",
    cell: (u) => <span className="font-medium">{u.name}</span>,
    className: "whitespace-normal",
  },
  { key: "email", header: "Email", cell: (u) => u.email, breakAnywhere: true },
  { key: "role", header: "Role", cell: (u) => <RoleBadge role={u.role} /> },
  {
    key: "customer",
    header: "Customer",
    // A role-user account is a customer's: what it holds shows here.
    cell: (u) =>
      u.role === "user" ? customerSummary(u) : <span className="text-muted-foreground">Staff</span>,
  },
  { key: "status", header: "Status", cell: (u) => <StatusBadge active={u.isActive} /> },
  { key: "created", header: "Created", cell: (u) => formatNzDate(u.createdAt) },
];

function customerSummary(user: AdminUserRow) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(user.jobs, "job", "jobs")}, ${count(user.enquiries, "enquiry", "enquiries")}`;
}

function toFormValues(user: AdminUserRow) {
  return { name: user.name, email: user.email, password: "", role: user.role };
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { currentUserId, ...list } = loaderData;
  return (
    <>
      <PageHeader title="User Management" description="Staff and user accounts, their roles and access." />
      <EntityList
        singular="User"
        noun="users"
        list={list}
        columns={COLUMNS}
        rowLabel={(u) => u.name}
        schema={(record) => (record ? updateUserFormSchema : createUserFormSchema)}
        newValues={USER_FORM_DEFAULTS}
        toFormValues={toFormValues}
        failedMessage="Failed to fetch users"
        addLabel="Create User"
        searchPlaceholder="Search by name or email..."
        emptyText="No users found. Create your first user to get started."
        noMatchText="No users found. Create your first user to get started."
        loadingText="Loading users..."
        dialog={{
          title: { create: "Create User", edit: "Edit User" },
          submitLabel: { create: "Create User", edit: "Update User" },
          className: "sm:max-w-lg",
        }}
        // An admin cannot delete or deactivate their own account.
        deleteFor={(u) => ({
          disabled: u.id === currentUserId,
          description: `This will permanently delete the account of ${u.name} (${u.email}). This action cannot be undone.`,
        })}
        rowActions={(u) => (
          <>
            <ActiveToggle
              id={u.id}
              active={u.isActive}
              itemLabel={u.name}
              disabled={u.id === currentUserId}
            />
            <HistoryLink entity="user" id={u.id} itemLabel={u.name} />
          </>
        )}
      >
        {(fields, _form, record) => (
          <UserFormFields
            fields={fields}
            mode={record ? "edit" : "create"}
            isSelf={record?.id === currentUserId}
          />
        )}
      </EntityList>
    </>
  );
}

// Access Denied for sales opening the page, or a refused action (403).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessDenied error={error} failed="The users could not be loaded. Please try again." />;
}
