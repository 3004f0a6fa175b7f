// Outline icons for list actions (24×24, 1.5 stroke, after Heroicons, MIT). Decorative, like icons.tsx.
import type { IconComponent, IconProps } from './icons';

function icon(d: string): IconComponent {
  return function Icon({ className = 'size-5', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
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
  };
}

export const PlusIcon = icon('M12 4.5v15m7.5-7.5h-15');
export const PencilIcon = icon(
  'm16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L10.58 16.07a4.5 4.5 0 0 1-1.9 1.13L6 18l.8-2.68a4.5 4.5 0 0 1 1.13-1.9l8.93-8.93Zm0 0L19.5 7.13',
);
export const TrashIcon = icon(
  'm14.74 9-.35 9m-4.78 0L9.26 9m9.97-3.21c.34.05.68.11 1.02.17m-1.02-.17L18.16 19.67A2.25 2.25 0 0 1 15.92 21.75H8.08a2.25 2.25 0 0 1-2.24-2.08L4.77 5.79m14.46 0a48.1 48.1 0 0 0-3.48-.4m-12 .57c.34-.06.68-.11 1.02-.17m0 0a48.1 48.1 0 0 1 3.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a52 52 0 0 0-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.7 48.7 0 0 0-7.5 0',
);
export const EllipsisVerticalIcon = icon(
  'M12 6.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5ZM12 12.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5ZM12 18.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Z',
);
export const PlayIcon = icon(
  'M5.25 5.65c0-.86.92-1.4 1.67-.99l11.54 6.35a1.13 1.13 0 0 1 0 1.98L6.92 19.34c-.75.41-1.67-.13-1.67-.99V5.65Z',
);
export const PauseIcon = icon('M15.75 5.25v13.5m-7.5-13.5v13.5');
export const DuplicateIcon = icon(
  'M15.75 17.25v3.38c0 .62-.5 1.12-1.12 1.12h-9.75a1.13 1.13 0 0 1-1.13-1.12V7.88c0-.62.5-1.13 1.13-1.13H6.75a9.06 9.06 0 0 1 1.5.12m7.5 10.38h3.38c.62 0 1.12-.5 1.12-1.13V11.25c0-4.46-3.24-8.16-7.5-8.88a9.06 9.06 0 0 0-1.5-.12H9.38c-.62 0-1.13.5-1.13 1.13v3.5m7.5 10.37H9.38a1.13 1.13 0 0 1-1.13-1.12v-9.25',
);
export const ChartBarIcon = icon(
  'M3 13.13C3 12.5 3.5 12 4.13 12h2.25c.62 0 1.12.5 1.12 1.13v6.75c0 .62-.5 1.12-1.12 1.12H4.13A1.13 1.13 0 0 1 3 19.88v-6.75ZM9.75 8.63c0-.63.5-1.13 1.13-1.13h2.25c.62 0 1.12.5 1.12 1.13v11.25c0 .62-.5 1.12-1.12 1.12h-2.25a1.13 1.13 0 0 1-1.13-1.12V8.63ZM16.5 4.13c0-.63.5-1.13 1.13-1.13h2.25C20.5 3 21 3.5 21 4.13v15.75c0 .62-.5 1.12-1.12 1.12h-2.25a1.13 1.13 0 0 1-1.13-1.12V4.13Z',
);
export const DownloadIcon = icon(
  'M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3',
);
export const EyeIcon = icon(
  'M2.04 12.32a1.01 1.01 0 0 1 0-.64C3.42 7.51 7.36 4.5 12 4.5c4.64 0 8.57 3.01 9.96 7.18.07.21.07.43 0 .64C20.58 16.49 16.64 19.5 12 19.5c-4.64 0-8.57-3.01-9.96-7.18ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
);
export const ArrowUpIcon = icon('m4.5 15.75 7.5-7.5 7.5 7.5');
export const NoSymbolIcon = icon('M18.36 18.36A9 9 0 0 0 5.64 5.64m12.72 12.72A9 9 0 0 1 5.64 5.64m12.72 12.72L5.64 5.64');
