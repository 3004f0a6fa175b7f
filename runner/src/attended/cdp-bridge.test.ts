// The bridge between Playwright and the person's extension, without a browser: a large command for a relayed tab
// goes through as text (not parsed), and what the extension receives and Playwright gets back is exactly what the
// parsing path gives; anything else still takes that path.
import { EventEmitter } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { ExtensionFeature } from '../../../extension/src/attended-protocol.ts';
import { CdpBridge, typesText } from './cdp-bridge.ts';
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

function setUp(features: ExtensionFeature[] = []) {
  const extension = new FakeSocket();
  const playwright = new FakeSocket();
  const link = new ExtensionLink(extension as unknown as WebSocket, features);
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

/** Playwright's two key events for a character on the keyboard layout (crInput.ts keydown / keyup). */
const keyDown = (key: string, modifiers = 0) => ({ type: 'keyDown', modifiers, windowsVirtualKeyCode: 65, code: 'KeyA', commands: [], key, text: key, unmodifiedText: key, autoRepeat: false, location: 0, isKeypad: false });
const keyUp = (key: string, modifiers = 0) => ({ type: 'keyUp', modifiers, key, windowsVirtualKeyCode: 65, code: 'KeyA', location: 0 });
const sentTo = (socket: FakeSocket) => socket.sent.map((m) => JSON.parse(m));

describe('typing goes to the tab in bursts', () => {
  test('which commands only type text', () => {
    expect(typesText('Input.dispatchKeyEvent', keyDown('a'))).toBe(true);
    expect(typesText('Input.dispatchKeyEvent', keyUp('a'))).toBe(true);
    expect(typesText('Input.dispatchKeyEvent', keyDown(' '))).toBe(true);
    expect(typesText('Input.insertText', { text: 'Åsa Öberg' })).toBe(true);
    // Keys that can do more than type, and anything with a modifier, go one by one.
    expect(typesText('Input.dispatchKeyEvent', { ...keyDown('Enter'), text: '\r' })).toBe(false);
    expect(typesText('Input.dispatchKeyEvent', keyUp('Enter'))).toBe(false);
    expect(typesText('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Backspace', modifiers: 0 })).toBe(false);
    expect(typesText('Input.dispatchKeyEvent', { type: 'keyDown', key: '\t', text: '\t' })).toBe(false);
    expect(typesText('Input.dispatchKeyEvent', keyDown('a', 2))).toBe(false); // Ctrl+A
    expect(typesText('Input.dispatchKeyEvent', keyUp('a', 4))).toBe(false);
    expect(typesText('Input.insertText', { text: 'rad ett\nrad två' })).toBe(false);
    expect(typesText('Input.dispatchMouseEvent', { type: 'mousePressed' })).toBe(false);
  });

  test('key events are answered at once and reach the tab in one message before the next command, which waits for that answer', () => {
    const { extension, playwright } = setUp(['cdpBatch']);
    playwright.receive(command(1, 'Input.dispatchKeyEvent', keyDown('h'), 'kollega-tab-7'));
    playwright.receive(command(2, 'Input.dispatchKeyEvent', keyUp('h'), 'kollega-tab-7'));
    playwright.receive(command(3, 'Input.insertText', { text: 'å' }, 'kollega-tab-7'));
    expect(sentTo(playwright)).toEqual([{ id: 1, sessionId: 'kollega-tab-7', result: {} }, { id: 2, sessionId: 'kollega-tab-7', result: {} }, { id: 3, sessionId: 'kollega-tab-7', result: {} }]);
    expect(extension.sent).toHaveLength(0);

    playwright.receive(command(4, 'Runtime.callFunctionOn', { functionDeclaration: '(e) => e.value', objectId: 'o1' }, 'kollega-tab-7'));
    expect(sentTo(extension)).toEqual([{ type: 'request', id: 1, method: 'cdpBatch', params: { tabId: 7, commands: [
      { method: 'Input.dispatchKeyEvent', params: keyDown('h') },
      { method: 'Input.dispatchKeyEvent', params: keyUp('h') },
      { method: 'Input.insertText', params: { text: 'å' } },
    ] } }]);
    // The read of the value waits until the page has had the keys.
    playwright.receive(command(5, 'Runtime.releaseObject', { objectId: 'o1' }, 'kollega-tab-7'));
    expect(extension.sent).toHaveLength(1);
    extension.receive({ type: 'result', id: 1, result: {} });
    expect(sentTo(extension).slice(1).map((m) => [m.id, m.method, m.params.method])).toEqual([[2, 'cdp', 'Runtime.callFunctionOn'], [3, 'cdp', 'Runtime.releaseObject']]);
    extension.receive({ type: 'result', id: 2, result: { result: { type: 'string', value: 'hå' } } });
    expect(sentTo(playwright).at(-1)).toEqual({ id: 4, sessionId: 'kollega-tab-7', result: { result: { type: 'string', value: 'hå' } } });
  });

  test('a burst goes by itself after a short wait; a large command after it waits for its answer too', async () => {
    const { extension, playwright } = setUp(['cdpBatch']);
    playwright.receive(command(1, 'Input.dispatchKeyEvent', keyDown('x'), 'CHILD1'));
    playwright.receive(command(2, 'Input.dispatchKeyEvent', keyUp('x'), 'CHILD1'));
    expect(extension.sent).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(sentTo(extension)).toEqual([{ type: 'request', id: 1, method: 'cdpBatch', params: { tabId: 9, sessionId: 'CHILD1', commands: [
      { method: 'Input.dispatchKeyEvent', params: keyDown('x') },
      { method: 'Input.dispatchKeyEvent', params: keyUp('x') },
    ] } }]);
    playwright.receive(command(3, 'Runtime.evaluate', { expression: big }, 'kollega-tab-7'));
    expect(extension.sent).toHaveLength(1);
    extension.receive({ type: 'result', id: 1, result: {} });
    expect(sentTo(extension)[1]).toEqual({ type: 'request', id: 2, method: 'cdp', params: { tabId: 7, method: 'Runtime.evaluate', params: { expression: big } } });
  });

  test('Enter, a modified key and every key of an extension without bursts go one by one, each waiting for its own answer', () => {
    const { extension, playwright } = setUp(['cdpBatch']);
    playwright.receive(command(1, 'Input.dispatchKeyEvent', keyDown('a'), 'kollega-tab-7'));
    playwright.receive(command(2, 'Input.dispatchKeyEvent', { ...keyDown('Enter'), text: '\r' }, 'kollega-tab-7'));
    // The typed `a` goes first, then Enter, alone and only after the `a` has been typed.
    expect(sentTo(extension).map((m) => m.method)).toEqual(['cdpBatch']);
    extension.receive({ type: 'result', id: 1, result: {} });
    expect(sentTo(extension)[1]).toEqual({ type: 'request', id: 2, method: 'cdp', params: { tabId: 7, method: 'Input.dispatchKeyEvent', params: { ...keyDown('Enter'), text: '\r' } } });
    expect(sentTo(playwright).map((m) => m.id)).toEqual([1]); // Enter is answered when the tab has it
    extension.receive({ type: 'result', id: 2, result: {} });
    expect(sentTo(playwright).map((m) => m.id)).toEqual([1, 2]);

    const old = setUp();
    old.playwright.receive(command(1, 'Input.dispatchKeyEvent', keyDown('a'), 'kollega-tab-7'));
    expect(sentTo(old.extension).map((m) => [m.method, m.params.method])).toEqual([['cdp', 'Input.dispatchKeyEvent']]);
    expect(old.playwright.sent).toHaveLength(0);
  });

  test('when a burst fails, the next command for the tab fails with it instead of acting on a half-typed value', () => {
    const { extension, playwright } = setUp(['cdpBatch']);
    playwright.receive(command(1, 'Input.dispatchKeyEvent', keyDown('a'), 'kollega-tab-7'));
    playwright.receive(command(2, 'Input.dispatchMouseEvent', { type: 'mousePressed', x: 1, y: 1, button: 'left', clickCount: 1 }, 'kollega-tab-7'));
    extension.receive({ type: 'result', id: 1, error: 'Input.dispatchKeyEvent (1 of 1): No tab with given id' });
    expect(extension.sent).toHaveLength(1); // the click was not sent
    expect(sentTo(playwright).at(-1)).toEqual({ id: 2, sessionId: 'kollega-tab-7', error: { message: 'typing in the page failed: Input.dispatchKeyEvent (1 of 1): No tab with given id' } });
    // The one after goes as usual.
    playwright.receive(command(3, 'Runtime.evaluate', { expression: '1' }, 'kollega-tab-7'));
    expect(sentTo(extension)[1]).toMatchObject({ method: 'cdp', params: { method: 'Runtime.evaluate' } });
  });
});

describe("releases of objects ride with the tab's next command", () => {
  const release = (objectId: string) => ({ objectId });

  test('answered at once, sent in order ahead of the next command for the same tab and session, as parsed or passed through', () => {
    const { extension, playwright } = setUp(['cdpBatch', 'cdpBefore']);
    playwright.receive(command(1, 'Runtime.releaseObject', release('o1'), 'kollega-tab-7'));
    playwright.receive(command(2, 'Runtime.releaseObject', release('o2'), 'kollega-tab-7'));
    playwright.receive(command(3, 'Runtime.releaseObject', release('c1'), 'CHILD1'));
    expect(sentTo(playwright).map((m) => [m.id, m.result])).toEqual([[1, {}], [2, {}], [3, {}]]);
    expect(extension.sent).toHaveLength(0);

    playwright.receive(command(4, 'Runtime.callFunctionOn', { functionDeclaration: 'f', objectId: 'o3' }, 'kollega-tab-7'));
    expect(sentTo(extension)).toEqual([{ type: 'request', id: 1, method: 'cdp', params: { tabId: 7, method: 'Runtime.callFunctionOn', params: { functionDeclaration: 'f', objectId: 'o3' },
      before: [{ method: 'Runtime.releaseObject', params: release('o1') }, { method: 'Runtime.releaseObject', params: release('o2') }] } }]);
    // The child session's release waits for a command of that session: here a large one, passed through as text.
    playwright.receive(command(5, 'Runtime.evaluate', { expression: big }, 'CHILD1'));
    expect(sentTo(extension)[1]).toEqual({ type: 'request', id: 2, method: 'cdp', params: { tabId: 9, sessionId: 'CHILD1', method: 'Runtime.evaluate',
      before: [{ method: 'Runtime.releaseObject', params: release('c1') }], params: { expression: big } } });
    extension.receive({ type: 'result', id: 1, result: { result: { type: 'undefined' } } });
    expect(sentTo(playwright).at(-1)).toEqual({ id: 4, sessionId: 'kollega-tab-7', result: { result: { type: 'undefined' } } });
  });

  test('with no command after them they go by themselves after a moment; typing takes them along', async () => {
    const { extension, playwright } = setUp(['cdpBatch', 'cdpBefore']);
    playwright.receive(command(1, 'Runtime.releaseObject', release('o1'), 'kollega-tab-7'));
    playwright.receive(command(2, 'Runtime.releaseObject', release('o2'), 'kollega-tab-7'));
    await new Promise((r) => setTimeout(r, 40));
    expect(sentTo(extension)).toEqual([{ type: 'request', id: 1, method: 'cdp', params: { tabId: 7, method: 'Runtime.releaseObject', params: release('o2'),
      before: [{ method: 'Runtime.releaseObject', params: release('o1') }] } }]);
    extension.receive({ type: 'result', id: 1, error: 'Could not find object with given id' }); // nobody waits for it
    expect(playwright.sent).toHaveLength(2);

    playwright.receive(command(3, 'Runtime.releaseObject', release('o3'), 'kollega-tab-7'));
    playwright.receive(command(4, 'Input.dispatchKeyEvent', keyDown('a'), 'kollega-tab-7'));
    playwright.receive(command(5, 'Input.dispatchKeyEvent', keyUp('a'), 'kollega-tab-7'));
    playwright.receive(command(6, 'Runtime.evaluate', { expression: '1' }, 'kollega-tab-7'));
    expect(sentTo(extension)[1]).toEqual({ type: 'request', id: 2, method: 'cdpBatch', params: { tabId: 7,
      commands: [{ method: 'Input.dispatchKeyEvent', params: keyDown('a') }, { method: 'Input.dispatchKeyEvent', params: keyUp('a') }],
      before: [{ method: 'Runtime.releaseObject', params: release('o3') }] } });
  });

  test('an extension that does not name cdpBefore gets each release as a message of its own, answered by the tab', () => {
    const { extension, playwright } = setUp(['cdpBatch']);
    playwright.receive(command(1, 'Runtime.releaseObject', release('o1'), 'kollega-tab-7'));
    expect(sentTo(extension)).toEqual([{ type: 'request', id: 1, method: 'cdp', params: { tabId: 7, method: 'Runtime.releaseObject', params: release('o1') } }]);
    expect(playwright.sent).toHaveLength(0);
  });
});
