import '@tanstack/react-router';
import type { ParseKeys } from 'i18next';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Key (in the `shell` namespace) of the page title shown in the top bar and the tab. */
    titleKey?: ParseKeys<'shell'>;
  }
}
