// The open/selected state behind an EntityDialog: create mode with no record, edit mode with one.
//
//   const dialog = useEntityDialog<Brand>();
//   <Button onClick={() => dialog.openFor(null)}>Add Brand</Button>
//   <RowActions onEdit={() => dialog.openFor(row)} … />
//   <EntityDialog {...dialog.dialogProps} title={…} … />   // open, onOpenChange, recordId
import { useState } from "react";

export function useEntityDialog<Row extends { id: string }>() {
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<Row | null>(null);
  function openFor(row: Row | null) {
    setRecord(row);
    setOpen(true);
  }
  const dialogProps = { open, onOpenChange: setOpen, recordId: record?.id };
  return { open, setOpen, record, openFor, dialogProps };
}
