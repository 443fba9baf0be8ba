// The actions cell of a row: Edit (opens the entity dialog in edit mode) and Delete (asks
// first), plus anything passed as children (e.g. an Activate/Deactivate form).
//
//   <RowActions itemLabel={row.name} onEdit={() => edit(row)} deleteId={row.id} />
//   <RowActions itemLabel={row.name} onEdit={…} deleteId={row.id} deleteDisabled={isSelf}
//     deleteProps={{ description: "…" }}>{extra}</RowActions>
import { PencilIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDelete } from "../confirm-delete";

export function RowActions(props: {
  itemLabel: string;
  onEdit?: () => void;
  deleteId?: string;
  deleteDisabled?: boolean;
  deleteProps?: Partial<Omit<ComponentProps<typeof ConfirmDelete>, "id" | "itemLabel">>;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      {props.children}
      {props.onEdit ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={props.onEdit}
          aria-label={`Edit ${props.itemLabel}`}
          title="Edit"
        >
          <PencilIcon aria-hidden />
        </Button>
      ) : null}
      {props.deleteId ? (
        <ConfirmDelete
          id={props.deleteId}
          itemLabel={props.itemLabel}
          disabled={props.deleteDisabled}
          {...props.deleteProps}
        />
      ) : null}
    </div>
  );
}
