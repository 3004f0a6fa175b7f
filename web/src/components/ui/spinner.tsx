type SpinnerProps = {
  /** Accessible text announced while it spins. */
  label: string;
  className?: string;
};

export function Spinner({ label, className = 'size-5' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4Z" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
