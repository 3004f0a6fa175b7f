// The routers that test files created (test/render-app.tsx), so that setup.ts can wait for their loads to end
// without importing the app's router itself: a test file that renders no route does not pay for loading it.
import type { AnyRouter } from '@tanstack/react-router';

const routers = new Set<AnyRouter>();

export function trackRouter(router: AnyRouter): void {
  routers.add(router);
}

/**
 * Waits (at most 2 s) until no router of this test file is still loading a route. Unmounting does not
 * end a load, and the router's timer that offers the pending screen would otherwise fire after the
 * file's jsdom is gone (an unhandled "window is not defined").
 */
export async function settleRouters(): Promise<void> {
  const deadline = Date.now() + 2_000;
  while ([...routers].some((router) => router.state.status === 'pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  routers.clear();
}
