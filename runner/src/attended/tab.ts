// One person's tab held by this runner for an attended run: the extension's link, the CDP bridge Playwright
// connects to, and what the person or their browser did that pauses the run (the tab closed, Chrome's "cancel"
// on the debugging banner, DevTools opened, their own mouse or keyboard, the extension restarted). The run's
// state is in Postgres; this holds only the connection, as long as the person's browser keeps it.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import type { AttendedPauseReason } from '../../../supabase/functions/_shared/types/api.ts';
import type { AttendedDetachReason } from '../../../extension/src/attended-protocol.ts';
import { CdpBridge } from './cdp-bridge.ts';
import type { ExtensionLink } from './link.ts';
import type { AttendedClaim, Relay } from './relay.ts';

/** The pause reason of a detached debugger or closed tab. */
export function pauseReasonOf(reason: AttendedDetachReason): AttendedPauseReason {
  if (reason === 'canceled_by_user') return 'canceled_by_user';
  if (reason === 'target_closed' || reason === 'tab_closed') return 'tab_closed';
  return 'disconnected';
}

export class AttendedTab {
  readonly bridge: CdpBridge;
  private readonly unregister: () => void;
  /** Why the run must pause now (the first thing that happened), told to the attempt under way. */
  private interrupted?: (reason: AttendedPauseReason) => void;
  /** A login step is open: the person's own input is expected. */
  private signingIn = false;

  constructor(readonly link: ExtensionLink, readonly claim: AttendedClaim, private readonly relay: Relay) {
    this.bridge = new CdpBridge(link);
    this.unregister = relay.register(this.bridge);
    link.on('detached', ({ tabId, reason }) => {
      if (tabId === this.bridge.mainTabId) this.interrupt(pauseReasonOf(reason));
    });
    link.on('takeover', () => {
      if (!this.signingIn) this.interrupt('taken_over');
    });
    link.on('close', () => this.interrupt('extension_restarted'));
  }

  get connected(): boolean {
    return !this.link.closed;
  }

  /** What the attempt under way does when the run must pause (undefined between attempts). */
  onInterrupt(handler: ((reason: AttendedPauseReason) => void) | undefined): void {
    this.interrupted = handler;
  }

  private interrupt(reason: AttendedPauseReason): void {
    this.interrupted?.(reason);
  }

  /** Playwright on the person's tab, through the bridge, for one attempt. */
  async connect(): Promise<{ browser: Browser; context: BrowserContext }> {
    const browser = await chromium.connectOverCDP(`${this.relay.cdpBase}${this.bridge.path}`, { timeout: 15_000 });
    const context = browser.contexts()[0];
    if (!context) {
      await browser.close().catch(() => {});
      throw new Error('the person\'s browser shows no tab to run in');
    }
    return { browser, context };
  }

  /** A login step opened or closed: the tab comes to the front with the instructions; nothing is captured meanwhile. */
  login(open: boolean, step: Step): void {
    this.signingIn = open;
    this.bridge.setCapturing(!open);
    this.link.send({ type: 'login', open, ...(open && step.type === 'login' && { instructions: step.instructions || step.description }) });
  }

  /** Lets go of the tab: the extension detaches and ungroups it. */
  release(reason: 'ended' | 'paused'): void {
    this.link.send({ type: 'release', reason });
    this.bridge.close();
    this.unregister();
    this.link.close();
  }
}
