// The background worker's checks (issue 21, least privilege): which senders may command it, which start
// URLs it opens, and that the capture script exists only while a recording does. The worker runs against a
// stand-in `chrome` that records what it was asked to do.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const EXTENSION_ID = 'kollegaextensionid';
const APP = 'http://localhost:3100';

type Listener = (...args: never[]) => unknown;
type Sender = chrome.runtime.MessageSender;

function fakeChrome() {
  const listeners: Record<string, Listener[]> = {};
  const on = (name: string) => ({ addListener: (fn: Listener) => (listeners[name] ??= []).push(fn) });
  const registered = new Map<string, chrome.scripting.RegisteredContentScript>();
  let session: Record<string, unknown> = {};
  const calls = {
    windows: [] as chrome.windows.CreateData[],
    sent: [] as Array<{ tabId: number; message: unknown }>,
    registrations: [] as string[],
    injections: [] as chrome.scripting.ScriptInjection<unknown[], unknown>[],
    removedWindows: [] as number[],
  };
  const api = {
    runtime: {
      id: EXTENSION_ID,
      getURL: (path: string) => `chrome-extension://${EXTENSION_ID}/${path}`,
      onMessage: on('message'),
    },
    storage: {
      session: {
        get: async (key: string) => ({ [key]: session[key] }),
        set: async (values: Record<string, unknown>) => void (session = { ...session, ...values }),
      },
    },
    action: { setBadgeText: async () => undefined, setBadgeBackgroundColor: async () => undefined },
    windows: {
      create: async (data: chrome.windows.CreateData) => {
        calls.windows.push(data);
        return { id: 7, tabs: [{ id: 70 }] };
      },
      update: async () => undefined,
      remove: async (windowId: number) => void calls.removedWindows.push(windowId),
    },
    tabs: {
      sendMessage: async (tabId: number, message: unknown) => void calls.sent.push({ tabId, message }),
      get: async (tabId: number) => ({ id: tabId, url: 'https://bank.example/' }),
      captureVisibleTab: async () => Promise.reject(new Error('no picture in tests')),
      onRemoved: on('tabRemoved'),
    },
    webNavigation: { onCreatedNavigationTarget: on('created'), onCommitted: on('committed'), onCompleted: on('completed') },
    // attended.ts (imported by the worker) listens to the debugger from the start.
    debugger: { onEvent: on('debuggerEvent'), onDetach: on('debuggerDetach') },
    scripting: {
      executeScript: async (injection: chrome.scripting.ScriptInjection<unknown[], unknown>) => void calls.injections.push(injection),
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) => ids.filter((id) => registered.has(id)).map((id) => registered.get(id)),
      registerContentScripts: async (scripts: chrome.scripting.RegisteredContentScript[]) => {
        for (const script of scripts) {
          registered.set(script.id, script);
          calls.registrations.push(`register ${script.id}`);
        }
      },
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        for (const id of ids) registered.delete(id);
        calls.registrations.push(`unregister ${ids.join(',')}`);
      },
    },
  };
  /** Delivers a message as Chrome would, and resolves with the reply (undefined when there is none). */
  const send = (message: unknown, sender: Sender) =>
    new Promise<unknown>((resolve) => {
      const async = (listeners.message ?? []).map((fn) => (fn as (m: unknown, s: Sender, r: (x: unknown) => void) => unknown)(message, sender, resolve));
      if (!async.includes(true)) resolve(undefined);
    });
  return { api, calls, registered, send, listeners };
}

const appSender = (patch: Partial<Sender> = {}): Sender => ({
  id: EXTENSION_ID,
  tab: { id: 1 } as chrome.tabs.Tab,
  frameId: 0,
  url: `${APP}/track-trace`,
  origin: APP,
  ...patch,
});
const popupSender: Sender = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html`, origin: `chrome-extension://${EXTENSION_ID}` };
const start = (url: string | null = 'https://bank.example/') => ({ type: 'command', command: { type: 'start', url } });

let fake: ReturnType<typeof fakeChrome>;

beforeEach(async () => {
  vi.resetModules();
  fake = fakeChrome();
  vi.stubGlobal('chrome', fake.api);
  vi.stubGlobal('__KOLLEGA_APP_ORIGINS__', [APP, 'https://app.example.se']);
  await import('./background.ts');
});

describe('commands from the app', () => {
  it('start from the app opens the window, with the capture script registered first', async () => {
    const reply = await fake.send(start(), appSender());
    expect(reply).toEqual({ type: 'status', status: 'recording', hasWindow: true });
    expect(fake.calls.windows).toHaveLength(1);
    expect(fake.calls.registrations).toEqual(['register capture']);
    const script = fake.registered.get('capture')!;
    expect(script).toMatchObject({ js: ['capture.js'], allFrames: true, persistAcrossSessions: false });
    expect(script.matches).toEqual(['http://*/*', 'https://*/*']);
  });

  it.each([
    ['a page on another site', { url: 'https://evil.example/', origin: 'https://evil.example' }],
    ['the app host on another port', { url: 'http://localhost:9999/', origin: 'http://localhost:9999' }],
    ['the app host on its default port', { url: 'http://localhost/', origin: 'http://localhost' }],
    ['the app over another scheme', { url: 'https://localhost:3100/', origin: 'https://localhost:3100' }],
    ['a frame inside the app', { frameId: 3 }],
    ['a frame of another site inside the app', { frameId: 3, url: 'https://evil.example/', origin: 'https://evil.example' }],
    ['no tab (another extension page)', { tab: undefined }],
    ['another extension', { id: 'someotherextension' }],
  ])('a command from %s is ignored: no window, no script, no reply', async (_name, patch) => {
    const sender = appSender(patch as Partial<Sender>);
    expect(await fake.send(start(), sender)).toBeUndefined();
    expect(await fake.send({ type: 'command', command: { type: 'status' } }, sender)).toBeUndefined();
    expect(fake.calls.windows).toEqual([]);
    expect(fake.calls.registrations).toEqual([]);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings', 'data:text/html,<b>x</b>', 'about:blank', 'bank.example', 'ftp://files.example/'])(
    'start on %s is refused (url_not_allowed) and opens nothing',
    async (url) => {
      expect(await fake.send(start(url), appSender())).toEqual({ type: 'error', code: 'url_not_allowed' });
      expect(fake.calls.windows).toEqual([]);
      expect(fake.calls.registrations).toEqual([]);
    },
  );

  it('start without a URL opens a blank page (http(s) and none are the only starts)', async () => {
    await fake.send(start(null), appSender());
    expect(fake.calls.windows[0]!.url).toBe('about:blank');
  });

  it('only the tab that started a recording may pause, stop or focus it', async () => {
    await fake.send(start(), appSender());
    const other = appSender({ tab: { id: 2 } as chrome.tabs.Tab });
    for (const type of ['pause', 'stop', 'focus'])
      expect(await fake.send({ type: 'command', command: { type } }, other), type).toBeUndefined();
    expect(await fake.send({ type: 'command', command: { type: 'status' } }, other)).toEqual({ type: 'status', status: 'stopped', hasWindow: false });
    expect(await fake.send({ type: 'command', command: { type: 'pause' } }, appSender())).toEqual({ type: 'status', status: 'paused', hasWindow: true });
  });

  it('stop unregisters the capture script; pausing keeps it (the recording still exists)', async () => {
    await fake.send(start(), appSender());
    await fake.send({ type: 'command', command: { type: 'pause' } }, appSender());
    expect(fake.registered.has('capture')).toBe(true);
    await fake.send({ type: 'command', command: { type: 'stop' } }, appSender());
    expect(fake.registered.has('capture')).toBe(false);
    expect(fake.calls.registrations).toEqual(['register capture', 'unregister capture']);
  });
});

describe('the toolbar popup and the capture script', () => {
  it('popup commands are taken from the popup page only', async () => {
    await fake.send(start(), appSender());
    const forged = { type: 'popup', command: { type: 'stop' } };
    expect(await fake.send(forged, appSender({ tab: { id: 70 } as chrome.tabs.Tab, url: 'https://bank.example/', origin: 'https://bank.example' }))).toBeUndefined();
    expect(await fake.send(forged, appSender())).toBeUndefined();
    expect(fake.registered.has('capture')).toBe(true);
    expect(await fake.send(forged, popupSender)).toEqual({ type: 'status', status: 'stopped', hasWindow: false });
  });

  it('captures are relayed from the recorded tab only, to the app tab only', async () => {
    await fake.send(start(), appSender());
    fake.calls.sent.length = 0;
    const capture = { type: 'capture', capture: { step: { type: 'keyDown', key: 'Enter' }, at: 1 } };
    await fake.send(capture, { id: EXTENSION_ID, tab: { id: 99 } as chrome.tabs.Tab, frameId: 0, url: 'https://elsewhere.example/' });
    await fake.send(capture, { id: 'someotherextension', tab: { id: 70 } as chrome.tabs.Tab, frameId: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.sent).toEqual([]);
    await fake.send(capture, { id: EXTENSION_ID, tab: { id: 70 } as chrome.tabs.Tab, frameId: 2, url: 'https://bank.example/frame' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.sent).toEqual([{ tabId: 1, message: { type: 'event', event: { type: 'step', capture: capture.capture } } }]);
  });

  it('a frame of a tab that is not recorded hears that it is not active', async () => {
    await fake.send(start(), appSender());
    expect(await fake.send({ type: 'hello' }, { id: EXTENSION_ID, tab: { id: 99 } as chrome.tabs.Tab, frameId: 0 })).toEqual({ active: false });
    expect(await fake.send({ type: 'hello' }, { id: EXTENSION_ID, tab: { id: 70 } as chrome.tabs.Tab, frameId: 1 })).toEqual({ active: true });
  });
});

describe('"Peka ut": picking an element', () => {
  const TEXTS = { hint: 'Klicka på det steget ska använda', pause: 'Pausa', resume: 'Fortsätt', cancel: 'Avbryt' };
  const pick = (url = 'https://bank.example/leverantorer') => ({ type: 'command', command: { type: 'pick', url, texts: TEXTS } });
  const pickTab = (patch: Partial<Sender> = {}): Sender => ({ id: EXTENSION_ID, tab: { id: 70 } as chrome.tabs.Tab, frameId: 0, url: 'https://bank.example/leverantorer', ...patch });
  const element = { selectors: ['aria/Spara[role="button"]'], fingerprint: { tag: 'button', role: 'button', name: 'Spara' }, label: 'Spara', url: 'https://bank.example/leverantorer' };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('opens the page in a window and injects the picker into that tab only, registering nothing', async () => {
    expect(await fake.send(pick(), appSender())).toBeUndefined();
    expect(fake.calls.windows).toEqual([expect.objectContaining({ url: 'https://bank.example/leverantorer' })]);
    expect(fake.calls.injections).toEqual([{ target: { tabId: 70, allFrames: true }, files: ['picker.js'] }]);
    expect(fake.calls.registrations).toEqual([]);
    // Each document the pick tab loads gets it; a document of another tab, or not a web page, does not.
    const completed = fake.listeners.completed![0] as (details: object) => Promise<void>;
    await completed({ tabId: 70, frameId: 4, url: 'https://bank.example/next' });
    await completed({ tabId: 71, frameId: 0, url: 'https://bank.example/' });
    await completed({ tabId: 70, frameId: 5, url: 'chrome-error://chromewebdata/' });
    expect(fake.calls.injections.slice(1)).toEqual([{ target: { tabId: 70, frameIds: [4] }, files: ['picker.js'] }]);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings'])('refuses to open %s', async (url) => {
    expect(await fake.send(pick(url), appSender())).toEqual({ type: 'pickFailed', code: 'url_not_allowed' });
    expect(fake.calls.windows).toEqual([]);
  });

  it('a pick asked by a page that is not the app opens nothing', async () => {
    expect(await fake.send(pick(), appSender({ url: 'https://evil.example/', origin: 'https://evil.example' }))).toBeUndefined();
    expect(fake.calls.windows).toEqual([]);
  });

  it('the picker gets the words only in the pick tab, and only the pick tab can answer', async () => {
    await fake.send(pick(), appSender());
    expect(await fake.send({ type: 'pick-hello' }, pickTab({ frameId: 2 }))).toEqual({ texts: TEXTS, paused: false });
    expect(await fake.send({ type: 'pick-hello' }, pickTab({ tab: { id: 99 } as chrome.tabs.Tab }))).toBeUndefined();
    fake.calls.sent.length = 0;
    // Another tab, another extension: no answer reaches the app.
    await fake.send({ type: 'picked', element }, pickTab({ tab: { id: 99 } as chrome.tabs.Tab }));
    await fake.send({ type: 'picked', element }, pickTab({ id: 'someotherextension' }));
    await settle();
    expect(fake.calls.sent).toEqual([]);
    await fake.send({ type: 'picked', element: { ...element, extra: 'dropped' } }, pickTab());
    await settle();
    expect(fake.calls.sent).toEqual([{ tabId: 1, message: { type: 'event', event: { type: 'picked', element } } }]);
    expect(fake.calls.removedWindows).toEqual([7]);
    // The pick is over: a second answer (another frame) is not relayed.
    await fake.send({ type: 'picked', element }, pickTab({ frameId: 3 }));
    await settle();
    expect(fake.calls.sent).toHaveLength(1);
  });

  it('Escape in the page, "cancelPick" from the app and closing the window cancel the pick', async () => {
    await fake.send(pick(), appSender());
    await fake.send({ type: 'pick-cancel' }, pickTab());
    await settle();
    expect(fake.calls.sent.at(-1)).toEqual({ tabId: 1, message: { type: 'event', event: { type: 'pickCancelled' } } });
    await fake.send(pick(), appSender());
    await fake.send({ type: 'command', command: { type: 'cancelPick' } }, appSender({ tab: { id: 2 } as chrome.tabs.Tab }));
    expect(fake.calls.removedWindows).toEqual([7]); // another app tab cannot cancel it
    await fake.send({ type: 'command', command: { type: 'cancelPick' } }, appSender());
    expect(fake.calls.removedWindows).toEqual([7, 7]);
    await fake.send(pick(), appSender());
    fake.calls.sent.length = 0;
    for (const listener of fake.listeners.tabRemoved!) await (listener as (tabId: number) => Promise<void>)(70);
    expect(fake.calls.sent).toEqual([{ tabId: 1, message: { type: 'event', event: { type: 'pickCancelled' } } }]);
  });
});

describe('element pictures while recording (issue 24)', () => {
  const recorded = (patch: Partial<chrome.tabs.Tab> = {}): Sender => ({ id: EXTENSION_ID, tab: { id: 70, windowId: 7, active: true, ...patch } as chrome.tabs.Tab, frameId: 0 });
  const box = { x: 100, y: 50, w: 80, h: 30, viewportWidth: 1200 };
  const shoot = (ref = 'r1', b: unknown = box) => ({ type: 'shoot', ref, box: b });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  const thumbnails = () => fake.calls.sent.filter(({ message }) => (message as { event: { type: string } }).event?.type === 'thumbnail');
  let captured: number[];
  let drawn: number[][];

  beforeEach(() => {
    captured = [];
    drawn = [];
    // The browser's side: a 2× screenshot of the 1200 px wide viewport, decoded and drawn onto a canvas.
    fake.api.tabs.captureVisibleTab = (async (windowId: number) => {
      captured.push(windowId);
      return 'data:image/png;base64,iVBORw0KGgo=';
    }) as never;
    vi.stubGlobal('createImageBitmap', async () => ({ width: 2400, height: 1600, close: () => undefined }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          public width: number,
          public height: number,
        ) {}
        getContext() {
          return { drawImage: (...args: unknown[]) => void drawn.push(args.slice(1) as number[]) };
        }
        async convertToBlob() {
          return new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]);
        }
      },
    );
  });

  it("a recorded tab's element is cropped from its window's picture and sent to the app tab with its ref", async () => {
    await fake.send(start(), appSender());
    fake.calls.sent.length = 0;
    await fake.send(shoot(), recorded());
    await settle();
    expect(captured).toEqual([7]);
    expect(drawn).toEqual([[184, 84, 192, 92, 0, 0, 192, 92]]);
    expect(thumbnails()).toEqual([{ tabId: 1, message: { type: 'event', event: { type: 'thumbnail', ref: 'r1', thumbnail: 'data:image/jpeg;base64,/9j/4A==' } } }]);
  });

  it.each([
    ['a tab that is not recorded', () => recorded({ id: 99 })],
    ['a recorded tab in the background of its window', () => recorded({ active: false })],
  ])('no picture of %s', async (_name, sender) => {
    await fake.send(start(), appSender());
    await fake.send(shoot(), sender());
    await settle();
    expect(captured).toEqual([]);
    expect(thumbnails()).toEqual([]);
  });

  it('no picture while paused, nor for a box or ref that is not one', async () => {
    await fake.send(start(), appSender());
    await fake.send(shoot('r1', { x: 'far', y: 0, w: 1, h: 1, viewportWidth: 1200 }), recorded());
    await fake.send(shoot('x'.repeat(65)), recorded());
    await fake.send({ type: 'command', command: { type: 'pause' } }, appSender());
    await fake.send(shoot(), recorded());
    await settle();
    expect(captured).toEqual([]);
  });

  it('a second picture within 600 ms is skipped; the steps go on either way', async () => {
    await fake.send(start(), appSender());
    fake.calls.sent.length = 0;
    await fake.send(shoot('r1'), recorded());
    await fake.send(shoot('r2'), recorded());
    await fake.send({ type: 'capture', capture: { step: { type: 'keyDown', key: 'Enter' }, at: 1 } }, recorded());
    await settle();
    expect(captured).toEqual([7]);
    expect(thumbnails().map(({ message }) => (message as { event: { ref: string } }).event.ref)).toEqual(['r1']);
    expect(fake.calls.sent.some(({ message }) => (message as { event: { type: string } }).event.type === 'step')).toBe(true);
  });

  it('a picture Chrome refuses is no picture, and the recording goes on', async () => {
    fake.api.tabs.captureVisibleTab = (async () => Promise.reject(new Error("Either the '<all_urls>' or 'activeTab' permission is required."))) as never;
    await fake.send(start(), appSender());
    fake.calls.sent.length = 0;
    await fake.send(shoot(), recorded());
    const capture = { step: { type: 'click', selectors: ['#ok'] }, at: 2, ref: 'r1' };
    await fake.send({ type: 'capture', capture }, recorded());
    await settle();
    expect(thumbnails()).toEqual([]);
    expect(fake.calls.sent).toContainEqual({ tabId: 1, message: { type: 'event', event: { type: 'step', capture } } });
  });
});

describe('a sign-in during a recording (issue 22)', () => {
  const page = (frameId = 0) => ({ id: EXTENSION_ID, tab: { id: 70 } as chrome.tabs.Tab, frameId, url: 'https://bank.example/' });
  const report = (kind: string | null, url: string, extra: Record<string, unknown> = {}, frameId = 0) =>
    fake.send({ type: 'sign-in', report: { kind, url, top: frameId === 0, at: 1000, ...extra } }, page(frameId));
  const capture = (step: Record<string, unknown>, at: number, onSignInPage?: string) =>
    fake.send({ type: 'capture', capture: { step, at, ...(onSignInPage && { onSignInPage }) } }, page());
  const committed = (url: string) => (fake.listeners.committed![0] as (d: unknown) => Promise<void>)({ frameId: 0, tabId: 70, url, transitionType: 'form_submit' });
  const steps = () =>
    fake.calls.sent.flatMap((s) => {
      const event = (s.message as { event?: { type: string; capture: unknown } }).event;
      return s.tabId === 1 && event?.type === 'step' ? [event.capture] : [];
    });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 1800));

  beforeEach(async () => {
    await fake.send(start('https://bank.example/login'), appSender());
    fake.calls.sent.length = 0;
  });

  it('a password sign-in becomes one login step, done at the page after it, holding the steps the person took', async () => {
    await report('password', 'https://bank.example/login');
    const user = { type: 'change', selectors: ['#u'], value: 'anna' };
    const password = { type: 'change', selectors: ['#p'], value: '{{secret.LOSENORD}}' };
    const enter = { type: 'keyDown', key: 'Enter' };
    await capture(user, 1100, 'password');
    await capture(password, 1200, 'password');
    await capture(enter, 1300, 'password');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps(), 'nothing of the sign-in is sent as steps of its own').toEqual([]);

    await committed('https://bank.example/start');
    await report(null, 'https://bank.example/start?tab=1', { signedIn: ['aria/Logga ut[role="button"]'] });
    expect(steps(), 'not before the page has settled').toEqual([]);
    // The person already acts on the page after the sign-in while it settles: a step of its own, after the login step.
    await capture({ type: 'click', selectors: ['#konto'] }, 1900);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps()).toEqual([{ step: { type: 'click', selectors: ['#konto'] }, at: 1900 }]);
    fake.calls.sent.length = 0;
    await settled();
    expect(steps()).toEqual([
      {
        step: { type: 'login', until: { url: 'https://bank.example/start*', selectors: ['aria/Logga ut[role="button"]'] } },
        signIn: { kind: 'password', replaces: [{ step: user, at: 1100 }, { step: password, at: 1200 }, { step: enter, at: 1300 }] },
        at: 1000,
      },
    ]);

    // After it, steps are sent as before.
    await capture({ type: 'click', selectors: ['#ny'] }, 2000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps().at(-1)).toEqual({ step: { type: 'click', selectors: ['#ny'] }, at: 2000 });
  });

  it('an eID sign-in over several pages and frames: done only when no frame of the tab is one; its clicks are dropped', async () => {
    await report('eid', 'https://idp.example/bankid');
    await capture({ type: 'click', selectors: ['text/Mobilt BankID på annan enhet'] }, 1100, 'eid');
    // The page reloads: its top frame first says it is none, its BankID frame then says it is one, within the settle time.
    await committed('https://idp.example/bankid?retry=1');
    await report(null, 'https://idp.example/bankid?retry=1');
    await report('eid', 'https://idp.example/frame', {}, 3);
    await settled();
    expect(steps(), 'still signing in').toEqual([]);
    await committed('https://bank.example/oversikt');
    await report(null, 'https://bank.example/oversikt');
    await settled();
    expect(steps()).toEqual([{ step: { type: 'login', until: { url: 'https://bank.example/oversikt*' } }, signIn: { kind: 'eid' }, at: 1000 }]);
  });

  it('a sign-in that changes only the page, not its address, waits for an element of the page after it', async () => {
    await report('password', 'https://bank.example/app#/login');
    await report(null, 'https://bank.example/app#/start', { signedIn: ['aria/Mina sidor[role="heading"]'] });
    await settled();
    expect(steps()).toEqual([{ step: { type: 'login', until: { selectors: ['aria/Mina sidor[role="heading"]'] } }, signIn: { kind: 'password' }, at: 1000 }]);
  });
});
