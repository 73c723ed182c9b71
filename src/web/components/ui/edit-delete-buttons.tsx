/** A row's Edit and Delete buttons; `name` tells the rows' buttons apart for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="btn btn-sm btn-error" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </button>
    </>
  );
}
