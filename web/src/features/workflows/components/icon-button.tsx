// A small square button showing only an icon; `label` is its accessible name.
import type { IconComponent } from '@/components/ui/icons';

type IconButtonProps = {
  label: string;
  icon: IconComponent;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  iconClassName?: string;
  buttonRef?: (element: HTMLButtonElement | null) => void;
};

export function IconButton({ label, icon: Icon, onClick, disabled, tone = 'default', iconClassName = '', buttonRef }: IconButtonProps) {
  const toneClasses = tone === 'danger' ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-slate-100 hover:text-slate-900';
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={`rounded-lg p-1.5 text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent ${toneClasses}`}
    >
      <Icon className={`size-4 ${iconClassName}`} />
    </button>
  );
}
