// The root error screen, fetched when first shown: most visits never see it, and in the entry chunk
// it would be part of every page's first download (docs/quality.md). The 404 page stays in the entry:
// loaded lazily it kept signed-in screens on the spinner for longer in the component tests.
import { lazyRouteComponent } from '@tanstack/react-router';

export const LazyRootError = lazyRouteComponent(() => import('./root-error'), 'RootError');
