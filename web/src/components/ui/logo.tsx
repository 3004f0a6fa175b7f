// The Kollega logo: a mark (a "K" drawn as a path through two steps) and the wordmark.
import { useTranslation } from 'react-i18next';

export type LogoSize = 'sm' | 'md' | 'lg' | 'xl';
export type LogoVariant = 'default' | 'white' | 'minimal';

type LogoProps = {
  size?: LogoSize;
  /** default: indigo mark and dark wordmark; white: for dark backgrounds; minimal: the mark alone. */
  variant?: LogoVariant;
  className?: string;
};

const sizes: Record<LogoSize, { mark: string; text: string; gap: string }> = {
  sm: { mark: 'size-7 rounded-md', text: 'text-base', gap: 'gap-2' },
  md: { mark: 'size-9 rounded-lg', text: 'text-xl', gap: 'gap-2.5' },
  lg: { mark: 'size-11 rounded-xl', text: 'text-2xl', gap: 'gap-3' },
  xl: { mark: 'size-16 rounded-2xl', text: 'text-4xl', gap: 'gap-4' },
};

export function Logo({ size = 'md', variant = 'default', className = '' }: LogoProps) {
  const { t } = useTranslation('common');
  const { mark, text, gap } = sizes[size];
  const white = variant === 'white';
  return (
    <span className={`inline-flex shrink-0 items-center ${gap} ${className}`}>
      <span
        className={`inline-flex shrink-0 items-center justify-center shadow-sm ${mark} ${
          white ? 'bg-white text-indigo-600' : 'bg-gradient-to-br from-indigo-500 to-violet-600 text-white'
        }`}
      >
        <svg viewBox="0 0 32 32" className="size-3/5" fill="none" aria-hidden="true">
          <path
            d="M11 7v18M11 16l9-9M14.5 12.5 21.5 25"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      {variant === 'minimal' ? (
        <span className="sr-only">{t('brand.name')}</span>
      ) : (
        <span className={`font-bold tracking-tight ${text} ${white ? 'text-white' : 'text-slate-900'}`}>{t('brand.name')}</span>
      )}
    </span>
  );
}
