import { toast } from './use-toast';
import { errorMessage } from '../lib/api-error';
import { useDeleteGeneration } from '../api/generations';
import { ConfirmDialog } from './confirm-dialog';

export const DELETE_COPY = {
  dashboard: {
    title: 'Delete Generation',
    description: 'Are you sure you want to delete this generation? This action cannot be undone.',
  },
  failed: {
    title: 'Delete Failed Generation?',
    description: 'This failed generation will be removed from your gallery. This action cannot be undone.',
  },
  detail: {
    title: 'Delete this generation?',
    description: 'The image will be removed permanently. This action cannot be undone.',
  },
} as const;

/** Confirm, delete, then the spec's toasts; `generationId` null keeps the dialog closed. */
export function DeleteGenerationDialog({
  generationId,
  onClose,
  copy,
  onDeleted,
}: {
  generationId: string | null;
  onClose: () => void;
  copy: keyof typeof DELETE_COPY;
  onDeleted?: () => void;
}) {
  const del = useDeleteGeneration();
  const { title, description } = DELETE_COPY[copy];
  return (
    <ConfirmDialog
      open={generationId !== null}
      onOpenChange={(open) => {
        if (!open && !del.isPending) onClose();
      }}
      title={title}
      description={description}
      pending={del.isPending}
      onConfirm={() => {
        if (!generationId) return;
        del.mutate(generationId, {
          onSuccess: () => {
            toast({ title: 'Generation deleted', description: 'The generation has been removed' });
            onClose();
            onDeleted?.();
          },
          onError: (err) => {
            toast({
              title: 'Error',
              description: errorMessage(err, 'Failed to delete generation'),
              variant: 'destructive',
            });
            onClose();
          },
        });
      }}
    />
  );
}
