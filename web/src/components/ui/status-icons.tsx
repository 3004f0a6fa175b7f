// The icons the entry chunk and the sign-in pages need (toasts, error pages, alerts, language,
// back links), apart from icons.tsx so that the other icons load only with the pages that use them
// (first-load budget, docs/quality.md). Same drawing rules as icons.tsx, which re-exports these.
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => React.JSX.Element;

// Each icon is a plain arrow function (no factory call at module level), so bundles keep only the
// icons they use.
export function renderIcon({ className = 'size-5', ...props }: IconProps, d: string, fill = false) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill={fill ? 'currentColor' : 'none'}
      stroke={fill ? 'none' : 'currentColor'}
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export const CheckCircleIcon: IconComponent = (props) => renderIcon(props, 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z');
export const CloseIcon: IconComponent = (props) => renderIcon(props, 'M6 18 18 6M6 6l12 12');
export const ExclamationCircleIcon: IconComponent = (props) => renderIcon(props, 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.01v.01H12v-.01Z');
export const ExclamationTriangleIcon: IconComponent = (props) => renderIcon(props, 
  'M12 9v3.75m-9.3 3.38c-.87 1.5.21 3.37 1.94 3.37h14.72c1.73 0 2.81-1.87 1.94-3.37L13.95 3.38c-.87-1.5-3.03-1.5-3.9 0L2.7 16.13ZM12 15.75h.01v.01H12v-.01Z',
);
export const GlobeIcon: IconComponent = (props) => renderIcon(props, 
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0 0c-2.5-2.5-3.75-5.5-3.75-9S9.5 5.5 12 3m0 18c2.5-2.5 3.75-5.5 3.75-9S14.5 5.5 12 3M3.6 9h16.8M3.6 15h16.8',
);
export const ArrowLeftIcon: IconComponent = (props) => renderIcon(props, 'M10.5 19.5 3 12m0 0 7.5-7.5M3 12h18');
