// _shared/chrome-recorder.ts: Chrome DevTools Recorder recordings ⇄ definitions (no stack needed).
import { fromChromeRecording, RecordingError, recordingName, timerExpression, toChromeRecording } from '../../_shared/chrome-recorder.ts';
import { type Definition, definitionSchema } from '../../_shared/schemas/definition.ts';
import { assert, assertEquals } from './assert.ts';
import { chromeRecording } from './run-fixtures.ts';

function imported(recording: unknown): Definition {
  return definitionSchema.parse(fromChromeRecording(recording).definition);
}

Deno.test('a Chrome recording imports as a valid definition: ids s1…sn, one-level selectors as strings, shadow paths kept', () => {
  const { title } = fromChromeRecording(chromeRecording());
  const definition = imported(chromeRecording());
  assertEquals(title, 'Betala faktura 1043 i kundportalen');
  assertEquals(definition.steps.map((s) => s.id), chromeRecording().steps.map((_, i) => `s${i + 1}`));
  assertEquals(definition.steps.map((s) => s.type), chromeRecording().steps.map((s) => s.type));
  const click = definition.steps[2];
  assert(click.type === 'click');
  assertEquals(click.selectors, ['aria/Sök faktura[role="searchbox"]', '#search', 'xpath///*[@id="search"]', 'pierce/#search']);
  assertEquals([click.offsetX, click.offsetY, click.target], [120.5, 14, 'main']);
  const shadow = definition.steps[13];
  assert(shadow.type === 'click');
  assertEquals(shadow.selectors, [['kollega-payment', 'button.pay'], 'pierce/button.pay', 'text/Betala med kort']);
  assertEquals(shadow.duration, 120);
});

Deno.test('a Chrome recording keeps frames, popup targets, asserted events and waitForElement conditions', () => {
  const steps = imported(chromeRecording()).steps;
  const inFrame = steps[11];
  assert(inFrame.type === 'click');
  assertEquals(inFrame.frame, [1, 0]);
  const popup = steps[15];
  assert(popup.type === 'click');
  assertEquals(popup.target, 'https://pay.example.se/kort?invoice=1043');
  assertEquals(popup.assertedEvents, [{ type: 'navigation', url: 'https://pay.example.se/kvitto', title: 'Kvitto' }]);
  const wait = steps[6];
  assert(wait.type === 'waitForElement');
  assertEquals([wait.operator, wait.count, wait.visible], ['>=', 1, true]);
  assertEquals([wait.properties, wait.attributes], [{ textContent: 'Faktura 1043' }, { 'data-status': 'obetald' }]);
});

Deno.test("a Chrome recording's timeout becomes the timeout of every step without its own", () => {
  const steps = imported(chromeRecording()).steps;
  assertEquals(steps.map((s) => s.timeout), steps.map((_, i) => (i === 6 ? 15000 : 8000)));
  const withoutTimeout = { ...chromeRecording(), timeout: undefined };
  assertEquals(imported(withoutTimeout).steps.map((s) => s.timeout).filter((t) => t !== undefined), [15000]);
});

Deno.test('imported steps are described by the element name, the URL, the key or the viewport', () => {
  const descriptions = imported(chromeRecording()).steps.map((s) => s.description);
  assertEquals(descriptions, [
    '1280×720',
    'https://portal.example.se/fakturor',
    'Sök faktura',
    'Sök faktura',
    'Enter',
    'Enter',
    'Faktura 1043',
    '',
    'div.invoice-list',
    'Visa detaljer',
    'Faktura 1043',
    'OCR-referens',
    'OCR-referens',
    'Betala med kort',
    'Kortinnehavare',
    'Betala 12 450,00 kr',
    "document.querySelector('#status')?.textContent === 'Betald'",
    '',
    '',
  ]);
});

Deno.test('Chrome JSON → definition → Chrome JSON gives the recording back', () => {
  const original = chromeRecording();
  const back = toChromeRecording(original.title, imported(original));
  assertEquals(back, original);
  const noTimeout = { ...original, timeout: undefined } as Record<string, unknown>;
  delete noTimeout.timeout;
  assertEquals(toChromeRecording(original.title, imported(noTimeout)), noTimeout);
});

/** Every leaf of a JSON value as `path = value` (`steps.3.duration = 362.7`), to name what a round trip lost. */
function leaves(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}${i}.`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}${k}.`));
  return [`${path.slice(0, -1)} = ${JSON.stringify(value)}`];
}

/** The Chrome recordings of the runner's hard cases (runner/test/recordings/, the label-click page's among them). */
async function chromeMadeRecordings(): Promise<[string, Record<string, unknown>][]> {
  const found: [string, Record<string, unknown>][] = [];
  const url = new URL('../../../../runner/test/recordings/', import.meta.url);
  for await (const entry of Deno.readDir(url)) {
    if (!entry.name.endsWith('.json')) continue;
    found.push([entry.name, JSON.parse(await Deno.readTextFile(new URL(entry.name, url)))]);
  }
  return found.sort(([a], [b]) => a.localeCompare(b));
}

Deno.test('every recording of the runner tests round-trips: export(import(x)) is x, no Chrome field lost, and import(export(import(x))) is import(x)', async () => {
  const recordings = await chromeMadeRecordings();
  assert(recordings.length > 10 && recordings.some(([name]) => name === 'label-echo.json'), 'the recordings were found');
  for (const [name, recording] of [...recordings, ['run-fixtures chromeRecording', chromeRecording()] as const]) {
    const once = imported(recording);
    const back = toChromeRecording(String(recording.title), once);
    const lost = leaves(recording).filter((leaf) => !leaves(back).includes(leaf));
    assertEquals(lost, [], `${name}: Chrome fields lost on the way back`);
    assertEquals(back, recording, name);
    assertEquals(imported(back), once, `${name}: imported again`);
  }
});

Deno.test('a recording as Chrome writes it imports: fractional duration, offsets, timeouts and viewport, an empty title, a lone keyUp, asserted events', () => {
  const recording = {
    title: '',
    selectorAttribute: 'data-test',
    timeout: 7500.5,
    steps: [
      { type: 'setViewport', width: 1366.4, height: 643.2000122070312, deviceScaleFactor: 1.25, isMobile: false, hasTouch: false, isLandscape: false },
      {
        type: 'navigate',
        url: 'https://portal.example.se/fakturor',
        assertedEvents: [{ type: 'navigation', url: 'https://portal.example.se/fakturor', title: '' }],
      },
      { type: 'keyUp', key: 'Enter' },
      {
        type: 'click',
        target: 'main',
        selectors: [['aria/Attestera[role="button"]'], ['#attest']],
        offsetX: 12.399993896484375,
        offsetY: 7.5,
        duration: 362.70000000018626,
        timeout: 4999.5,
        assertedEvents: [{ type: 'navigation', url: 'https://portal.example.se/kvitto', title: 'Kvitto' }],
      },
      { type: 'waitForElement', selectors: [['#done']], count: 1, visible: true, timeout: 12_000 },
    ],
  };
  const { title, definition } = fromChromeRecording(recording);
  const parsed = definitionSchema.safeParse(definition);
  assert(parsed.success, JSON.stringify(parsed.error?.issues));
  assertEquals(title, '');
  assertEquals(recordingName(title, definition, 'Importerad inspelning'), 'Importerad inspelning – portal.example.se');
  const [viewport, navigate, keyUp, click] = parsed.data.steps;
  assertEquals(viewport, {
    id: 's1', type: 'setViewport', description: '1366×643', timeout: 7500.5,
    width: 1366.4, height: 643.2000122070312, deviceScaleFactor: 1.25, isMobile: false, hasTouch: false, isLandscape: false,
  });
  assert(navigate.type === 'navigate');
  assertEquals(navigate.assertedEvents, [{ type: 'navigation', url: 'https://portal.example.se/fakturor', title: '' }]);
  assertEquals(keyUp, { id: 's3', type: 'keyUp', key: 'Enter', description: 'Enter', timeout: 7500.5 });
  assert(click.type === 'click');
  assertEquals([click.duration, click.offsetX, click.offsetY, click.timeout], [362.70000000018626, 12.399993896484375, 7.5, 4999.5]);
  assertEquals(click.assertedEvents, [{ type: 'navigation', url: 'https://portal.example.se/kvitto', title: 'Kvitto' }]);
  assertEquals(parsed.data.selectorAttribute, 'data-test');
  assertEquals(toChromeRecording(title, parsed.data), recording);
});

Deno.test("fields Chrome's own schema does not know are left out, as Chrome's parser does; the known ones stay", () => {
  const recording = {
    title: 'Nytt fält',
    steps: [{ type: 'click', selectors: [['#ok']], offsetX: 1, offsetY: 2, futureField: { x: 1 } }],
  };
  const definition = imported(recording);
  assertEquals(definition.steps, [{ id: 's1', type: 'click', description: '#ok', selectors: ['#ok'], offsetX: 1, offsetY: 2 }]);
  assertEquals(toChromeRecording('Nytt fält', definition), { title: 'Nytt fält', steps: [{ type: 'click', selectors: [['#ok']], offsetX: 1, offsetY: 2 }] });
});

Deno.test('an imported workflow is named by its title, or, when Chrome left the title empty, after the site it opens', () => {
  const steps = (url?: string) => ({ version: 1 as const, steps: url ? [{ id: 's1', type: 'navigate' as const, url }] : [] });
  assertEquals(recordingName('  Betala\n faktura ', steps(), 'Importerad inspelning'), 'Betala faktura');
  assertEquals(recordingName('', steps('https://bank.example.se:8443/start'), 'Imported recording'), 'Imported recording – bank.example.se:8443');
  assertEquals(recordingName(' ', steps('javascript:alert(1)'), 'Importerad inspelning'), 'Importerad inspelning');
  assertEquals(recordingName('', steps(), 'Importerad inspelning'), 'Importerad inspelning');
  assertEquals(recordingName('Ä'.repeat(250), steps(), 'x').length, 200);
});

Deno.test("export leaves Kollega's own steps out, turns wait into a timer expression and drops ids, descriptions, frame selectors and fingerprints", () => {
  const definition = definitionSchema.parse({
    version: 1,
    steps: [
      { id: 'open', type: 'navigate', description: 'Öppna', url: 'https://portal.example.se/' },
      { id: 'pause', type: 'wait', ms: 2500 },
      { id: 'read', type: 'extract', selectors: ['#amount'], variable: 'amount' },
      { id: 'shot', type: 'screenshot' },
      {
        id: 'ask',
        type: 'ai_decision',
        prompt: 'Godkänn?',
        inputs: ['var.amount'],
        options: [{ value: 'yes', label: 'Ja', then: 'continue' }, { value: 'no', label: 'Nej', then: 'stop' }],
      },
      { id: 'check', type: 'manual', instructions: 'Kontrollera beloppet' },
      {
        id: 'pay',
        type: 'click',
        description: 'Betala',
        selectors: ['aria/Betala', ['app-root', 'button']],
        frame: [0],
        frameSelectors: [['#pay-frame']],
        fingerprint: { tag: 'button', name: 'Betala' },
        critical: true,
        healThreshold: 0.95,
      },
    ],
  });
  assertEquals(toChromeRecording('Betala', definition), {
    title: 'Betala',
    steps: [
      { type: 'navigate', url: 'https://portal.example.se/' },
      { type: 'waitForExpression', expression: timerExpression(2500), timeout: 7500 },
      { type: 'click', selectors: [['aria/Betala'], ['app-root', 'button']], frame: [0], offsetX: 5, offsetY: 5 },
    ],
  });
  assertEquals(timerExpression(2500), 'new Promise((resolve) => setTimeout(() => resolve(true), 2500))');
});

Deno.test("export keeps within what Chrome accepts: click offsets, timeouts of 1–30 000 ms, long waits as several timers", () => {
  const definition = definitionSchema.parse({
    version: 1,
    steps: [
      { id: 'a', type: 'doubleClick', selectors: ['#row'], timeout: 120_000 },
      { id: 'b', type: 'wait', ms: 62_500 },
      { id: 'c', type: 'hover', selectors: ['#menu'], timeout: 0 },
      { id: 'd', type: 'wait', ms: 0 },
    ],
  });
  assertEquals(toChromeRecording('Vänta', definition), {
    title: 'Vänta',
    timeout: 30_000,
    steps: [
      { type: 'doubleClick', selectors: [['#row']], offsetX: 5, offsetY: 5 },
      { type: 'waitForExpression', expression: timerExpression(25_000) },
      { type: 'waitForExpression', expression: timerExpression(25_000) },
      { type: 'waitForExpression', expression: timerExpression(12_500), timeout: 17_500 },
      { type: 'hover', selectors: [['#menu']], timeout: 1 },
      { type: 'waitForExpression', expression: timerExpression(0), timeout: 5000 },
    ],
  });
});

Deno.test('a step type Kollega does not know (customStep) is refused with its path and type', () => {
  const recording = chromeRecording();
  (recording.steps as unknown[]).splice(3, 0, { type: 'customStep', name: 'login', parameters: {} });
  try {
    fromChromeRecording(recording);
    throw new Error('no error');
  } catch (error) {
    assert(error instanceof RecordingError);
    assertEquals([error.problem, error.path, error.stepType], ['step_type_unsupported', ['steps', 3, 'type'], 'customStep']);
  }
});

Deno.test('input that is not a recording is refused: not an object, no steps list, a step that is not an object', () => {
  const problems = [null, [], 'steps', { title: 'x' }, { title: 'x', steps: {} }, { title: 'x', steps: [42] }].map((input) => {
    try {
      fromChromeRecording(input);
      return 'accepted';
    } catch (error) {
      return error instanceof RecordingError ? `${error.problem} ${error.path.join('.')}` : String(error);
    }
  });
  assertEquals(problems, [
    'not_a_recording ',
    'not_a_recording ',
    'not_a_recording ',
    'not_a_recording ',
    'not_a_recording ',
    'step_not_object steps.0',
  ]);
});

Deno.test('a navigation to a javascript:, file: or data: address imports but does not validate', () => {
  for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>alert(1)</script>']) {
    const { definition } = fromChromeRecording({ title: 'x', steps: [{ type: 'navigate', url }] });
    const result = definitionSchema.safeParse(definition);
    assert(!result.success, url);
    assertEquals(result.error.issues.map((i) => [i.path.join('.'), i.message]), [['steps.0.url', 'url_invalid']]);
  }
});
