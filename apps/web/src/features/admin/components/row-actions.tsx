import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A console list row's two actions, named after the row for screen readers ('Modifier X'). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" aria-label={`Modifier ${name}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Modifier
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Supprimer ${name}`}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 className="h-4 w-4 text-danger" aria-hidden="true" />
        Supprimer
      </Button>
    </div>
  );
}
