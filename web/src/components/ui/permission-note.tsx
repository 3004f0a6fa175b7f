// Why an action is not offered: a short line beside the disabled controls, which point to it with
// aria-describedby (so a screen reader hears the reason with the control).
import { LockIcon } from './icons';

type PermissionNoteProps = { id: string; reason: string; className?: string };

export function PermissionNote({ id, reason, className = '' }: PermissionNoteProps) {
  return (
    <p id={id} className={`flex items-start gap-1.5 text-xs text-slate-600 ${className}`}>
      <LockIcon className="mt-px size-3.5 shrink-0 text-slate-400" />
      <span>{reason}</span>
    </p>
  );
}
