// Icons for media-style controls and row actions (24×24 outline, after Heroicons, MIT). Decorative.
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

export const PlayIcon = icon('M5.25 5.65c0-.86.92-1.4 1.67-.98l11.54 6.35c.78.43.78 1.55 0 1.98L6.92 19.35c-.75.42-1.67-.12-1.67-.98V5.65Z');
export const PauseIcon = icon('M15.75 5.25v13.5m-7.5-13.5v13.5');
export const StopIcon = icon('M5.25 7.5A2.25 2.25 0 0 1 7.5 5.25h9a2.25 2.25 0 0 1 2.25 2.25v9a2.25 2.25 0 0 1-2.25 2.25h-9a2.25 2.25 0 0 1-2.25-2.25v-9Z');
export const RetryIcon = icon('M16.02 9.35h4.99v-5m-2.64 13.3a8.25 8.25 0 1 1 1.9-8.3');
export const RecordIcon = icon('M12 17.25a5.25 5.25 0 1 0 0-10.5 5.25 5.25 0 0 0 0 10.5Z');
export const PencilIcon = icon('m16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L10.58 16.07a4.5 4.5 0 0 1-1.9 1.13L6 18l.8-2.68a4.5 4.5 0 0 1 1.13-1.9l8.93-8.93Zm0 0L19.5 7.13');
export const TrashIcon = icon('m14.74 9-.35 9m-4.78 0-.35-9m9.97-3.21c.34.05.68.1 1.02.16m-1.02-.16-1.07 13.88a2.25 2.25 0 0 1-2.24 2.08H8.08a2.25 2.25 0 0 1-2.24-2.08L4.77 5.79m14.46 0a48.1 48.1 0 0 0-3.48-.4m-12 .56c.34-.06.68-.11 1.02-.16m0 0a48.1 48.1 0 0 1 3.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a51.96 51.96 0 0 0-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.67 48.67 0 0 0-7.5 0');
export const EllipsisIcon = icon('M12 6.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Zm0 6a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Zm0 6a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Z');
export const PlusIcon = icon('M12 4.5v15m7.5-7.5h-15');
export const DownloadIcon = icon('M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3');
export const WindowIcon = icon('M3 8.25V18a2.25 2.25 0 0 0 2.25 2.25h13.5A2.25 2.25 0 0 0 21 18V8.25m-18 0V6a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 6v2.25m-18 0h18M5.25 6h.01v.01h-.01V6Zm2.25 0h.01v.01H7.5V6Zm2.25 0h.01v.01H9.75V6Z');
export const ChartIcon = icon('M3 13.13C3 12.5 3.5 12 4.13 12h2.25c.62 0 1.12.5 1.12 1.13v6.75c0 .62-.5 1.12-1.12 1.12H4.13C3.5 21 3 20.5 3 19.88v-6.75Zm6.75-4.5c0-.63.5-1.13 1.13-1.13h2.25c.62 0 1.12.5 1.12 1.13v11.25c0 .62-.5 1.12-1.12 1.12h-2.25c-.63 0-1.13-.5-1.13-1.12V8.63Zm6.75-4.5c0-.63.5-1.13 1.13-1.13h2.25C20.5 3 21 3.5 21 4.13v15.75c0 .62-.5 1.12-1.12 1.12h-2.25c-.63 0-1.13-.5-1.13-1.12V4.13Z');
