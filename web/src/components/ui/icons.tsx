// Outline icons (24×24, 1.5 stroke, after Heroicons, MIT). Decorative: hidden from assistive tech;
// the control around an icon carries the accessible name.

import { type IconComponent, renderIcon } from './status-icons';

export type { IconComponent, IconProps } from './status-icons';
export {
  ArrowLeftIcon,
  CheckCircleIcon,
  CloseIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  GlobeIcon,
} from './status-icons';

const starPath =
  'M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11a.56.56 0 0 0 .47.35l5.52.44c.5.04.7.66.32.99l-4.2 3.6a.56.56 0 0 0-.18.56l1.28 5.39a.56.56 0 0 1-.84.61l-4.72-2.89a.56.56 0 0 0-.59 0l-4.73 2.89a.56.56 0 0 1-.84-.61l1.29-5.39a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .32-.99l5.52-.44a.56.56 0 0 0 .47-.35L11.48 3.5Z';

export const MenuIcon: IconComponent = (props) => renderIcon(props, 'M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5');
export const ChevronDownIcon: IconComponent = (props) => renderIcon(props, 'm19.5 8.25-7.5 7.5-7.5-7.5');
export const ChevronUpDownIcon: IconComponent = (props) => renderIcon(props, 'M8.25 15 12 18.75 15.75 15m-7.5-6L12 5.25 15.75 9');
export const ChevronDoubleLeftIcon: IconComponent = (props) =>
  renderIcon(props, 'm18.75 4.5-7.5 7.5 7.5 7.5m-6-15L5.25 12l7.5 7.5');
export const ChevronDoubleRightIcon: IconComponent = (props) =>
  renderIcon(props, 'm5.25 4.5 7.5 7.5-7.5 7.5m6-15 7.5 7.5-7.5 7.5');
export const ArrowRightIcon: IconComponent = (props) => renderIcon(props, 'M13.5 4.5 21 12m0 0-7.5 7.5M21 12H3');
export const StarIcon: IconComponent = (props) => renderIcon(props, starPath);
export const StarSolidIcon: IconComponent = (props) => renderIcon(props, starPath, true);
export const BellIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M14.86 17.08a23.85 23.85 0 0 0 5.45-1.31A8.97 8.97 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.97 8.97 0 0 1-2.31 6.02c1.73.64 3.56 1.09 5.45 1.31m5.72 0a24.26 24.26 0 0 1-5.72 0m5.72 0a3 3 0 1 1-5.72 0',
  );
export const SearchIcon: IconComponent = (props) =>
  renderIcon(props, 'm21 21-5.2-5.2m0 0A7.5 7.5 0 1 0 5.2 5.2a7.5 7.5 0 0 0 10.6 10.6Z');
export const SettingsIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M10.5 6h9.75M10.5 6a1.5 1.5 0 1 1-3 0m3 0a1.5 1.5 0 1 0-3 0M3.75 6H7.5m3 12h9.75m-9.75 0a1.5 1.5 0 0 1-3 0m3 0a1.5 1.5 0 0 0-3 0m-3.75 0H7.5m9-6h3.75m-3.75 0a1.5 1.5 0 0 1-3 0m3 0a1.5 1.5 0 0 0-3 0m-9.75 0h9.75',
  );
export const LogoutIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15m3 0 3-3m0 0-3-3m3 3H9',
  );
export const CheckIcon: IconComponent = (props) => renderIcon(props, 'm4.5 12.75 6 6 9-13.5');
export const DashboardIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3.75 6A2.25 2.25 0 0 1 6 3.75h2.25A2.25 2.25 0 0 1 10.5 6v2.25a2.25 2.25 0 0 1-2.25 2.25H6a2.25 2.25 0 0 1-2.25-2.25V6Zm0 9.75A2.25 2.25 0 0 1 6 13.5h2.25a2.25 2.25 0 0 1 2.25 2.25V18a2.25 2.25 0 0 1-2.25 2.25H6A2.25 2.25 0 0 1 3.75 18v-2.25ZM13.5 6a2.25 2.25 0 0 1 2.25-2.25H18A2.25 2.25 0 0 1 20.25 6v2.25A2.25 2.25 0 0 1 18 10.5h-2.25a2.25 2.25 0 0 1-2.25-2.25V6Zm0 9.75a2.25 2.25 0 0 1 2.25-2.25H18a2.25 2.25 0 0 1 2.25 2.25V18A2.25 2.25 0 0 1 18 20.25h-2.25A2.25 2.25 0 0 1 13.5 18v-2.25Z',
  );
export const WorkflowIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M16.02 9.35h4.99M2.99 19.64v-4.99m0 0h4.99m-4.99 0 3.18 3.18a8.25 8.25 0 0 0 13.8-3.7M4.03 9.87a8.25 8.25 0 0 1 13.8-3.7l3.18 3.18m0-4.99v4.99',
  );
export const PlayCircleIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-5.09-.33a.38.38 0 0 1 0 .66l-5.6 3.11a.38.38 0 0 1-.56-.33V8.89c0-.29.31-.47.56-.33l5.6 3.11Z',
  );
export const CursorIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M15.04 21.67 13.68 16.6m0 0-2.51 2.23.57-9.47 5.23 7.92-3.29-.68ZM12 2.25V4.5m5.83.17-1.59 1.59M20.25 10.5H18M7.76 14.74l-1.59 1.59M6 10.5H3.75m4.01-4.24-1.59-1.59',
  );
export const ClipboardListIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M9 12h3.75M9 15h3.75M9 18h3.75m3 .75H18a2.25 2.25 0 0 0 2.25-2.25V6.11c0-1.14-.85-2.1-1.98-2.19a48.4 48.4 0 0 0-1.12-.08m-5.8 0a2.25 2.25 0 0 0-.1.66c0 .41.34.75.75.75h4.5a.75.75 0 0 0 .75-.75 2.25 2.25 0 0 0-.1-.66m-5.8 0A2.25 2.25 0 0 1 13.5 2.25H15c1.01 0 1.87.67 2.15 1.59m-5.8 0c-.38.02-.75.05-1.12.08C9.1 4.01 8.25 4.97 8.25 6.11V8.25m0 0H4.88c-.62 0-1.13.5-1.13 1.13v11.25c0 .62.5 1.12 1.13 1.12h9.75c.62 0 1.12-.5 1.12-1.12V9.38c0-.63-.5-1.13-1.12-1.13H8.25ZM6.75 12h.01v.01h-.01V12Zm0 3h.01v.01h-.01V15Zm0 3h.01v.01h-.01V18Z',
  );
export const SparklesIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M9.81 15.9 9 18.75l-.81-2.85a4.5 4.5 0 0 0-3.09-3.09L2.25 12l2.85-.81a4.5 4.5 0 0 0 3.09-3.09L9 5.25l.81 2.85a4.5 4.5 0 0 0 3.09 3.09l2.85.81-2.85.81a4.5 4.5 0 0 0-3.09 3.09ZM18.26 8.72 18 9.75l-.26-1.03a3.38 3.38 0 0 0-2.45-2.46L14.25 6l1.04-.26a3.38 3.38 0 0 0 2.45-2.46L18 2.25l.26 1.03a3.38 3.38 0 0 0 2.46 2.46L21.75 6l-1.03.26a3.38 3.38 0 0 0-2.46 2.46Z',
  );
export const UsersIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M15 19.13a9.38 9.38 0 0 0 2.63.37 9.34 9.34 0 0 0 4.12-.95 4.13 4.13 0 0 0-7.53-2.49M15 19.13v-.01c0-1.11-.29-2.16-.79-3.07M15 19.13v.1A12.32 12.32 0 0 1 8.62 21c-2.33 0-4.51-.65-6.37-1.77v-.1a6.38 6.38 0 0 1 11.96-3.07M12 6.38a3.38 3.38 0 1 1-6.75 0 3.38 3.38 0 0 1 6.75 0Zm8.25 2.25a2.63 2.63 0 1 1-5.25 0 2.63 2.63 0 0 1 5.25 0Z',
  );
export const BuildingIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3.75 21h16.5M4.5 3h15M5.25 3v18m13.5-18v18M9 6.75h1.5m-1.5 3h1.5m-1.5 3h1.5m3-6H15m-1.5 3H15m-1.5 3H15M9 21v-3.38c0-.62.5-1.12 1.13-1.12h3.75c.62 0 1.12.5 1.12 1.12V21',
  );
export const CreditCardIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M2.25 8.25h19.5M2.25 9h19.5m-16.5 5.25h6m-6 2.25h3m-3.75 3h15a2.25 2.25 0 0 0 2.25-2.25V6.75A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25v10.5A2.25 2.25 0 0 0 4.5 19.5Z',
  );
export const TemplatesIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M13.5 16.88h3.38m0 0h3.37m-3.37 0V13.5m0 3.38v3.37M6 10.5h2.25a2.25 2.25 0 0 0 2.25-2.25V6a2.25 2.25 0 0 0-2.25-2.25H6A2.25 2.25 0 0 0 3.75 6v2.25A2.25 2.25 0 0 0 6 10.5Zm0 9.75h2.25A2.25 2.25 0 0 0 10.5 18v-2.25a2.25 2.25 0 0 0-2.25-2.25H6a2.25 2.25 0 0 0-2.25 2.25V18A2.25 2.25 0 0 0 6 20.25Zm9.75-9.75H18a2.25 2.25 0 0 0 2.25-2.25V6A2.25 2.25 0 0 0 18 3.75h-2.25A2.25 2.25 0 0 0 13.5 6v2.25a2.25 2.25 0 0 0 2.25 2.25Z',
  );
export const ClockIcon: IconComponent = (props) => renderIcon(props, 'M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z');
export const BoltIcon: IconComponent = (props) =>
  renderIcon(props, 'm3.75 13.5 10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75Z');
export const HomeIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'm2.25 12 8.95-8.96c.44-.44 1.16-.44 1.6 0L21.75 12M4.5 9.75v10.13c0 .62.5 1.12 1.13 1.12H9.75v-4.88c0-.62.5-1.12 1.13-1.12h2.25c.62 0 1.12.5 1.12 1.12V21h4.13c.62 0 1.12-.5 1.12-1.12V9.75M8.25 21h8.25',
  );
export const BanknotesIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M2.25 18.75a60.07 60.07 0 0 1 15.8 2.1c.73.2 1.45-.34 1.45-1.1v-1M3.75 4.5v.75A.75.75 0 0 1 3 6h-.75m0 0v-.38c0-.62.5-1.12 1.13-1.12H20.25M2.25 6v9m18-10.5v.75c0 .41.34.75.75.75h.75m-1.5-1.5h.38c.62 0 1.12.5 1.12 1.13v9.75c0 .62-.5 1.12-1.12 1.12h-.38m1.5-1.5H21a.75.75 0 0 0-.75.75v.75m0 0H3.75m0 0h-.38c-.62 0-1.12-.5-1.12-1.12V15m1.5 1.5v-.75A.75.75 0 0 0 3 15h-.75M15 10.5a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm3 0h.01v.01H18v-.01Zm-12 0h.01v.01H6v-.01Z',
  );
export const InboxIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M2.25 13.5h3.86a2.25 2.25 0 0 1 2.01 1.24l.26.52a2.25 2.25 0 0 0 2.01 1.24h3.22a2.25 2.25 0 0 0 2.01-1.24l.26-.52a2.25 2.25 0 0 1 2.01-1.24h3.86m-19.5.34V18a2.25 2.25 0 0 0 2.25 2.25h15A2.25 2.25 0 0 0 21.75 18v-4.16c0-.22-.03-.45-.1-.66L19.24 5.34a2.25 2.25 0 0 0-2.15-1.59H6.91a2.25 2.25 0 0 0-2.15 1.59L2.35 13.18a2.25 2.25 0 0 0-.1.66Z',
  );
export const QuoteIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M9.5 7.5c-3 .9-4.75 3.2-4.75 6.4v2.85h4.5V12.5H7c.15-1.6 1.1-2.75 2.5-3.3V7.5Zm9 0c-3 .9-4.75 3.2-4.75 6.4v2.85h4.5V12.5H16c.15-1.6 1.1-2.75 2.5-3.3V7.5Z',
    true,
  );

// Media controls and row actions.
export const PlayIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M5.25 5.65c0-.86.92-1.4 1.67-.98l11.54 6.35c.78.43.78 1.55 0 1.98L6.92 19.35c-.75.42-1.67-.12-1.67-.98V5.65Z',
  );
export const PauseIcon: IconComponent = (props) => renderIcon(props, 'M15.75 5.25v13.5m-7.5-13.5v13.5');
export const StopIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M5.25 7.5A2.25 2.25 0 0 1 7.5 5.25h9a2.25 2.25 0 0 1 2.25 2.25v9a2.25 2.25 0 0 1-2.25 2.25h-9a2.25 2.25 0 0 1-2.25-2.25v-9Z',
  );
export const RetryIcon: IconComponent = (props) => renderIcon(props, 'M16.02 9.35h4.99v-5m-2.64 13.3a8.25 8.25 0 1 1 1.9-8.3');
export const RecordIcon: IconComponent = (props) => renderIcon(props, 'M12 17.25a5.25 5.25 0 1 0 0-10.5 5.25 5.25 0 0 0 0 10.5Z');
export const PencilIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'm16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L10.58 16.07a4.5 4.5 0 0 1-1.9 1.13L6 18l.8-2.68a4.5 4.5 0 0 1 1.13-1.9l8.93-8.93Zm0 0L19.5 7.13',
  );
export const TrashIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'm14.74 9-.35 9m-4.78 0-.35-9m9.97-3.21c.34.05.68.1 1.02.16m-1.02-.16-1.07 13.88a2.25 2.25 0 0 1-2.24 2.08H8.08a2.25 2.25 0 0 1-2.24-2.08L4.77 5.79m14.46 0a48.1 48.1 0 0 0-3.48-.4m-12 .56c.34-.06.68-.11 1.02-.16m0 0a48.1 48.1 0 0 1 3.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a51.96 51.96 0 0 0-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.67 48.67 0 0 0-7.5 0',
  );
export const EllipsisIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M12 6.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Zm0 6a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Zm0 6a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Z',
  );
export const PlusIcon: IconComponent = (props) => renderIcon(props, 'M12 4.5v15m7.5-7.5h-15');
export const DownloadIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3',
  );
export const WindowIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3 8.25V18a2.25 2.25 0 0 0 2.25 2.25h13.5A2.25 2.25 0 0 0 21 18V8.25m-18 0V6a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 6v2.25m-18 0h18M5.25 6h.01v.01h-.01V6Zm2.25 0h.01v.01H7.5V6Zm2.25 0h.01v.01H9.75V6Z',
  );
export const ChartIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3 13.13C3 12.5 3.5 12 4.13 12h2.25c.62 0 1.12.5 1.12 1.13v6.75c0 .62-.5 1.12-1.12 1.12H4.13C3.5 21 3 20.5 3 19.88v-6.75Zm6.75-4.5c0-.63.5-1.13 1.13-1.13h2.25c.62 0 1.12.5 1.12 1.13v11.25c0 .62-.5 1.12-1.12 1.12h-2.25c-.63 0-1.13-.5-1.13-1.12V8.63Zm6.75-4.5c0-.63.5-1.13 1.13-1.13h2.25C20.5 3 21 3.5 21 4.13v15.75c0 .62-.5 1.12-1.12 1.12h-2.25c-.63 0-1.13-.5-1.13-1.12V4.13Z',
  );
export const EllipsisVerticalIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M12 6.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5ZM12 12.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5ZM12 18.75a.75.75 0 1 1 0-1.5.75.75 0 0 1 0 1.5Z',
  );
export const DuplicateIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M15.75 17.25v3.38c0 .62-.5 1.12-1.12 1.12h-9.75a1.13 1.13 0 0 1-1.13-1.12V7.88c0-.62.5-1.13 1.13-1.13H6.75a9.06 9.06 0 0 1 1.5.12m7.5 10.38h3.38c.62 0 1.12-.5 1.12-1.13V11.25c0-4.46-3.24-8.16-7.5-8.88a9.06 9.06 0 0 0-1.5-.12H9.38c-.62 0-1.13.5-1.13 1.13v3.5m7.5 10.37H9.38a1.13 1.13 0 0 1-1.13-1.12v-9.25',
  );
export const ChartBarIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M3 13.13C3 12.5 3.5 12 4.13 12h2.25c.62 0 1.12.5 1.12 1.13v6.75c0 .62-.5 1.12-1.12 1.12H4.13A1.13 1.13 0 0 1 3 19.88v-6.75ZM9.75 8.63c0-.63.5-1.13 1.13-1.13h2.25c.62 0 1.12.5 1.12 1.13v11.25c0 .62-.5 1.12-1.12 1.12h-2.25a1.13 1.13 0 0 1-1.13-1.12V8.63ZM16.5 4.13c0-.63.5-1.13 1.13-1.13h2.25C20.5 3 21 3.5 21 4.13v15.75c0 .62-.5 1.12-1.12 1.12h-2.25a1.13 1.13 0 0 1-1.13-1.12V4.13Z',
  );
export const EyeIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M2.04 12.32a1.01 1.01 0 0 1 0-.64C3.42 7.51 7.36 4.5 12 4.5c4.64 0 8.57 3.01 9.96 7.18.07.21.07.43 0 .64C20.58 16.49 16.64 19.5 12 19.5c-4.64 0-8.57-3.01-9.96-7.18ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  );
export const ArrowUpIcon: IconComponent = (props) => renderIcon(props, 'm4.5 15.75 7.5-7.5 7.5 7.5');
export const NoSymbolIcon: IconComponent = (props) =>
  renderIcon(props, 'M18.36 18.36A9 9 0 0 0 5.64 5.64m12.72 12.72A9 9 0 0 1 5.64 5.64m12.72 12.72L5.64 5.64');
export const LockIcon: IconComponent = (props) =>
  renderIcon(
    props,
    'M16.5 10.5V6.75a4.5 4.5 0 1 0-9 0v3.75m-.75 11.25h10.5a2.25 2.25 0 0 0 2.25-2.25v-6.75a2.25 2.25 0 0 0-2.25-2.25H6.75a2.25 2.25 0 0 0-2.25 2.25v6.75a2.25 2.25 0 0 0 2.25 2.25Z',
  );
