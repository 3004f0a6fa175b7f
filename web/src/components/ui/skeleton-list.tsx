// Loading placeholders: `count` grey blocks in a list, announced once as loading.
type SkeletonListProps = {
  count: number;
  label: string;
  className?: string;
  itemClassName?: string;
};

export function SkeletonList({ count, label, className = 'space-y-3', itemClassName = 'h-20 rounded-xl' }: SkeletonListProps) {
  return (
    <div role="status" aria-label={label}>
      <ul className={className}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={`motion-safe:animate-pulse bg-slate-200/70 ${itemClassName}`} />
        ))}
      </ul>
    </div>
  );
}
