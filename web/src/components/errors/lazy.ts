// The 404 page and the root error screen, fetched when first shown: most visits never see either,
// and in the entry chunk they would be part of every page's first download (docs/quality.md).
import { lazyRouteComponent } from '@tanstack/react-router';

export const LazyNotFound = lazyRouteComponent(() => import('./not-found'), 'NotFound');
export const LazyRootError = lazyRouteComponent(() => import('./root-error'), 'RootError');
