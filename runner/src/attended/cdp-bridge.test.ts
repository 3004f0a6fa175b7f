// The bridge between Playwright and the person's extension, without a browser: a large command for a relayed tab
// goes through as text (not parsed), and what the extension receives and Playwright gets back is exactly what the
// parsing path gives; anything else still takes that path.
import { EventEmitter } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { CdpBridge } from './cdp-bridge.ts';
import { ExtensionLink } from './link.ts';

/** A WebSocket stand-in: what is sent is kept; `receive` delivers a message as the peer would. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  readonly sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    this.emit('message', Buffer.from(typeof message === 'string' ? message : JSON.stringify(message)));
  }
}

function setUp() {
  const extension = new FakeSocket();
  const playwright = new FakeSocket();
  const link = new ExtensionLink(extension as unknown as WebSocket);
  const bridge = new CdpBridge(link);
  bridge.accept(playwright as unknown as WebSocket);
  // The extension announces the run's tab 7 and a popup 9 (as after Target.setAutoAttach).
  extension.receive({ type: 'popup', tabId: 7, targetInfo: { targetId: 'T7', type: 'page', title: '', url: 'about:blank' } });
  extension.receive({ type: 'popup', tabId: 9, targetInfo: { targetId: 'T9', type: 'page', title: '', url: 'about:blank' } });
  // A child session (an out-of-process iframe) of tab 9.
  extension.receive({ type: 'event', tabId: 9, method: 'Target.attachedToTarget', params: { sessionId: 'CHILD1', targetInfo: { targetId: 'F1' } } });
  playwright.sent.length = 0;
  return { extension, playwright };
}

/** What Playwright writes (its key order: id, method, params, sessionId). */
const command = (id: number, method: string, params: unknown, sessionId?: string) => JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) });

const big = 'x'.repeat(5000);

describe('a large command for a tab passes through as text', () => {
  test('the extension gets the same request as by parsing, and Playwright the answer with its id and session', () => {
    const { extension, playwright } = setUp();
    // Text that looks like the envelope's end inside the params must stay in them.
    const params = { expression: `${big} ,"sessionId":"kollega-tab-9"} "quote\\" ü 😀`, returnByValue: true, nested: { a: [1, 2, null] } };
    const parse = vi.spyOn(JSON, 'parse');
    try {
      playwright.receive(command(41, 'Runtime.evaluate', params, 'kollega-tab-7'));
      expect(parse).not.toHaveBeenCalled(); // passed through, not parsed
    } finally {
      parse.mockRestore();
    }
    expect(extension.sent).toHaveLength(1);
    expect(JSON.parse(extension.sent[0]!)).toEqual({ type: 'request', id: 1, method: 'cdp', params: { tabId: 7, method: 'Runtime.evaluate', params } });

    extension.receive({ type: 'result', id: 1, result: { result: { type: 'number', value: 3 } } });
    expect(playwright.sent.map((m) => JSON.parse(m))).toEqual([{ id: 41, sessionId: 'kollega-tab-7', result: { result: { type: 'number', value: 3 } } }]);

    extension.receive({ type: 'result', id: 1, result: {} }); // answered once only
    expect(playwright.sent).toHaveLength(1);
  });

  test("a child session's command goes to its tab with the child's session, and an error comes back as CDP's", () => {
    const { extension, playwright } = setUp();
    playwright.receive(command(5, 'Runtime.callFunctionOn', { functionDeclaration: big, arguments: [] }, 'CHILD1'));
    expect(JSON.parse(extension.sent[0]!).params).toEqual({ tabId: 9, sessionId: 'CHILD1', method: 'Runtime.callFunctionOn', params: { functionDeclaration: big, arguments: [] } });
    extension.receive({ type: 'result', id: 1, error: 'Cannot find context with specified id' });
    expect(JSON.parse(playwright.sent[0]!)).toEqual({ id: 5, sessionId: 'CHILD1', error: { message: 'Cannot find context with specified id' } });
  });

  test('a command for no relayed session, a browser-level one and a capture while signing in take the parsing path and its refusals', async () => {
    const settled = () => new Promise((resolve) => setImmediate(resolve)); // the parsing path answers asynchronously
    const { extension, playwright } = setUp();
    playwright.receive(command(1, 'Runtime.evaluate', { expression: big }, 'SOMEONE-ELSES'));
    await settled();
    expect(extension.sent).toHaveLength(0);
    expect(JSON.parse(playwright.sent[0]!)).toEqual({ id: 1, sessionId: 'SOMEONE-ELSES', error: { message: 'no relayed tab has the session SOMEONE-ELSES' } });

    // Target.createTarget, however large, is refused: a run acts only in the person's tab and its popups.
    playwright.receive(command(2, 'Target.createTarget', { url: `https://example.com/?${big}` }));
    await settled();
    expect(JSON.parse(playwright.sent[1]!).error.message).toMatch(/only in the person's chosen tab/);

    const bridge = new CdpBridge(new ExtensionLink(extension as unknown as WebSocket));
    const other = new FakeSocket();
    bridge.accept(other as unknown as WebSocket);
    extension.receive({ type: 'popup', tabId: 7, targetInfo: { targetId: 'T7', type: 'page', title: '', url: 'about:blank' } });
    bridge.setCapturing(false);
    extension.sent.length = 0;
    other.receive(command(3, 'Page.captureScreenshot', { format: 'jpeg', clip: { x: 0, y: 0, width: 1, height: 1, scale: 1 }, pad: big }, 'kollega-tab-7'));
    await settled();
    expect(extension.sent).toHaveLength(0);
    expect(JSON.parse(other.sent.at(-1)!).error.message).toMatch(/signing in/);
  });

  test('a small command, and one without params, are parsed as before and reach the extension the same way', () => {
    const { extension, playwright } = setUp();
    playwright.receive(command(8, 'Page.enable', undefined, 'kollega-tab-7'));
    playwright.receive(command(9, 'Runtime.evaluate', { expression: '1+1' }, 'kollega-tab-7'));
    expect(extension.sent.map((m) => JSON.parse(m))).toEqual([
      { type: 'request', id: 1, method: 'cdp', params: { tabId: 7, method: 'Page.enable' } },
      { type: 'request', id: 2, method: 'cdp', params: { tabId: 7, method: 'Runtime.evaluate', params: { expression: '1+1' } } },
    ]);
  });
});

describe("another CDP session to a run's tab (context.newCDPSession: the engine's screenshots and titles)", () => {
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  test('opens through the browser session, acts on the same tab, refuses other targets, captures nothing while signing in, and detaches', async () => {
    const { extension, playwright } = setUp();
    const answers = () => playwright.sent.map((m) => JSON.parse(m));
    playwright.receive(command(1, 'Target.attachToBrowserTarget', {}));
    await settled();
    expect(answers()[0]).toEqual({ id: 1, result: { sessionId: 'kollega-browser' } });
    playwright.receive(command(2, 'Target.attachToTarget', { targetId: 'T9', flatten: true }, 'kollega-browser'));
    await settled();
    const session = answers()[1].result.sessionId as string;
    expect(answers()[1]).toEqual({ id: 2, sessionId: 'kollega-browser', result: { sessionId: session } });

    // A command on it goes to tab 9 (with no session of its own: the tab's debugger connection), its answer back on it.
    playwright.receive(command(3, 'Page.captureScreenshot', { format: 'jpeg', quality: 50 }, session));
    expect(JSON.parse(extension.sent.at(-1)!)).toEqual({ type: 'request', id: 1, method: 'cdp', params: { tabId: 9, method: 'Page.captureScreenshot', params: { format: 'jpeg', quality: 50 } } });
    extension.receive({ type: 'result', id: 1, result: { data: 'AAAA' } });
    expect(answers().at(-1)).toEqual({ id: 3, sessionId: session, result: { data: 'AAAA' } });

    // Nothing but the run's tabs: another target, or a session to the browser's other tabs, is refused.
    playwright.receive(command(4, 'Target.attachToTarget', { targetId: 'SOMEONE-ELSES-TAB', flatten: true }, 'kollega-browser'));
    await settled();
    expect(answers().at(-1).error.message).toMatch(/only to the person's chosen tab/);

    // While a person signs in, no picture leaves the screen through this session either.
    const sentBefore = extension.sent.length;
    const bridge = new CdpBridge(new ExtensionLink(extension as unknown as WebSocket));
    const other = new FakeSocket();
    bridge.accept(other as unknown as WebSocket);
    extension.receive({ type: 'popup', tabId: 7, targetInfo: { targetId: 'T7', type: 'page', title: '', url: 'about:blank' } });
    other.receive(command(1, 'Target.attachToBrowserTarget', {}));
    await settled();
    other.receive(command(2, 'Target.attachToTarget', { targetId: 'T7', flatten: true }, 'kollega-browser'));
    await settled();
    const signingIn = JSON.parse(other.sent.at(-1)!).result.sessionId as string;
    bridge.setCapturing(false);
    other.receive(command(3, 'Page.captureScreenshot', { format: 'jpeg' }, signingIn));
    await settled();
    expect(JSON.parse(other.sent.at(-1)!).error.message).toMatch(/signing in/);
    expect(extension.sent.slice(sentBefore).filter((m) => m.includes('captureScreenshot'))).toEqual([]);

    // Detached, the session is gone: a later command on it is refused.
    playwright.receive(command(5, 'Target.detachFromTarget', { sessionId: session }, 'kollega-browser'));
    await settled();
    expect(answers().at(-1)).toEqual({ id: 5, sessionId: 'kollega-browser', result: {} });
    playwright.receive(command(6, 'Runtime.evaluate', { expression: '1' }, session));
    await settled();
    expect(answers().at(-1).error.message).toMatch(/no relayed tab has the session/);
  });

  test('when its tab goes away the session is closed for Playwright (Target.detachedFromTarget on the browser session)', async () => {
    const { extension, playwright } = setUp();
    playwright.receive(command(1, 'Target.attachToBrowserTarget', {}));
    await settled();
    playwright.receive(command(2, 'Target.attachToTarget', { targetId: 'T9', flatten: true }, 'kollega-browser'));
    await settled();
    const session = JSON.parse(playwright.sent.at(-1)!).result.sessionId as string;
    extension.receive({ type: 'detached', tabId: 9, reason: 'closed' });
    expect(playwright.sent.map((m) => JSON.parse(m))).toContainEqual({ sessionId: 'kollega-browser', method: 'Target.detachedFromTarget', params: { sessionId: session, targetId: 'T9' } });
  });
});
