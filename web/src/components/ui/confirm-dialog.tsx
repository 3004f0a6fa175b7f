// "Are you sure?" before a destructive change; stays open until the change is done.
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button variant="destructive" onClick={onConfirm} isPending={isPending} pendingLabel={pendingLabel}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
