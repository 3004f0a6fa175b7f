import { StarIcon, StarSolidIcon } from '@/components/ui/icons';

type RatingStarsProps = { rating: number; label: string; display: string };

export function RatingStars({ rating, label, display }: RatingStarsProps) {
  const full = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= full ? <StarSolidIcon key={n} className="size-4 text-amber-400" /> : <StarIcon key={n} className="size-4 text-slate-300" />,
      )}
      <span className="ml-1 text-xs font-medium text-slate-700" aria-hidden="true">
        {display}
      </span>
    </span>
  );
}
