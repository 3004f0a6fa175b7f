// File inputs (docs/automation.md "File inputs"): a step whose value is `{{input.x}}` of a file input sets the run's
// file on the page's upload field, whichever way the page builds it (a plain file field, a styled upload area with the
// field inside, a button that opens the browser's file chooser), and the page receives exactly the file's bytes,
// name and type. A file input whose file did not come fails the step before anything is chosen.
import { beforeEach, describe, expect, test } from 'vitest';
import type { InputFile } from './types.ts';
import { useEngine } from './test/harness.ts';

const t = useEngine();

/** Every byte value, CR LF and NUL among them, and a PDF's start: an encoding slip anywhere would show. */
const BYTES = Buffer.concat([Buffer.from('%PDF-1.7\r\n%âãÏÓ\r\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from([0, 0, 13, 10, 255])]);
const FAKTURA: InputFile = { name: 'mapp/../faktura 4711.pdf', mimeType: 'application/pdf', buffer: BYTES };
const declare = [{ name: 'faktura', label: 'Faktura', type: 'file' as const, required: true }];

/** The page reads the chosen file as a person's browser would send it and posts its name, type and bytes (base64). */
const READ = `<script>
  async function send(input) {
    const f = input.files[0];
    const bytes = new Uint8Array(await f.arrayBuffer());
    let text = ''; for (const b of bytes) text += String.fromCharCode(b);
    post('file', { count: input.files.length, name: f.name, type: f.type, size: f.size, base64: btoa(text) });
  }
</script>`;

beforeEach(() => {
  t.server.page('/plain', `${READ}<label>Bifoga faktura <input id="fil" type="file" onchange="send(this)"></label>`);
  t.server.page('/area', `${READ}<div id="area" class="dropzone">Släpp filen här <input type="file" style="opacity:0;width:1px" onchange="send(this)"></div>`);
  t.server.page('/button', `${READ}<input id="hidden" type="file" style="display:none" onchange="send(this)">
    <button id="choose" onclick="document.getElementById('hidden').click()">Välj fil</button>`);
});

const expected = { count: 1, name: 'faktura 4711.pdf', type: 'application/pdf', size: BYTES.length, base64: BYTES.toString('base64') };

describe('a file input fills an upload field', () => {
  test('a plain file field gets exactly the file: its bytes, its own name (no folders) and its type', async () => {
    const { outcome, logText } = await t.run(
      [{ type: 'navigate', url: t.server.url('/plain') }, { type: 'change', selectors: ['#fil'], value: '{{input.faktura}}' }],
      { declare, inputs: { faktura: FAKTURA.name }, files: { faktura: FAKTURA } },
    );
    expect(outcome.status, logText).toBe('completed');
    await expect.poll(() => t.server.posts('file')).toEqual([expected]);
  });

  test('an upload area with the file field inside it: the field inside gets the file', async () => {
    const { outcome, logText } = await t.run(
      [{ type: 'navigate', url: t.server.url('/area') }, { type: 'change', selectors: ['#area'], value: '{{input.faktura}}' }],
      { declare, inputs: { faktura: FAKTURA.name }, files: { faktura: FAKTURA } },
    );
    expect(outcome.status, logText).toBe('completed');
    expect(logText).toContain('the file field inside it was used');
    await expect.poll(() => t.server.posts('file')).toEqual([expected]);
  });

  test('a button that opens the file chooser: the file is chosen in the chooser it opens', async () => {
    const { outcome, logText } = await t.run(
      [{ type: 'navigate', url: t.server.url('/button') }, { type: 'change', selectors: ['#choose'], value: '{{input.faktura}}' }],
      { declare, inputs: { faktura: FAKTURA.name }, files: { faktura: FAKTURA } },
    );
    expect(outcome.status, logText).toBe('completed');
    await expect.poll(() => t.server.posts('file')).toEqual([expected]);
  });

  test('a file input whose file did not come fails the step as input_missing, and nothing is chosen', async () => {
    const { outcome } = await t.run(
      [{ type: 'navigate', url: t.server.url('/plain') }, { type: 'change', selectors: ['#fil'], value: '{{input.faktura}}' }],
      { declare, inputs: { faktura: FAKTURA.name }, files: {} },
    );
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'input_missing' });
    expect(t.server.posts('file')).toEqual([]);
  });

  test('a recorded file chooser that was never given a file input still fails, and says how to fix it', async () => {
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/plain') },
      { type: 'change', selectors: ['#fil'], value: 'C:\\fakepath\\faktura.pdf' },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'assertion_failed' });
    expect(outcome.errorMessage).toContain('file input');
    expect(t.server.posts('file')).toEqual([]);
  });
});
