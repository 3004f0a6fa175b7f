// Runs definitions against the test server in a fresh context of the shared browser, collecting what the
// engine reports. `useEngine()` registers the hooks; call it once at the top of a test file.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { z } from 'zod';
import { definitionSchema, type inputDeclarationSchema, type StepInput } from '../../../../supabase/functions/_shared/schemas/definition.ts';
import { executeDefinition } from '../run.ts';
import type { ExecuteOptions, RunOutcome, StepEnd, StepStart } from '../types.ts';
import { getBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TestStep = DistributiveOmit<StepInput, 'id'> & { id?: string };

export type RunResult = {
  outcome: RunOutcome;
  starts: StepStart[];
  ends: StepEnd[];
  context: BrowserContext;
  /** The run's first page (the engine's main window). */
  page: Page;
  /** Every log message of every step, one string. */
  logText: string;
};

export type Engine = {
  browser: Browser;
  server: TestServer;
  /** `declare`: the definition's declared run inputs (file inputs, say). */
  run(steps: TestStep[], opts?: Partial<Omit<ExecuteOptions, 'definition' | 'context'>> & { context?: BrowserContext; declare?: InputDeclarationInput[] }): Promise<RunResult>;
};

type InputDeclarationInput = z.input<typeof inputDeclarationSchema>;

export function definitionOf(steps: TestStep[], inputs?: InputDeclarationInput[]) {
  return definitionSchema.parse({ version: 1, ...(inputs && { inputs }), steps: steps.map((s, i) => ({ id: `s${i + 1}`, ...s })) });
}

export function useEngine(): Engine {
  const contexts: BrowserContext[] = [];
  const engine = {} as Engine;
  beforeAll(async () => {
    engine.browser = await getBrowser();
    engine.server = await startServer();
  });
  // The shared browser went away under a test (seen once in a clean-clone CI run, right after the test of a frozen
  // page: every later test of the file failed with "Browser closed"). The next test gets a browser again, and the
  // output says so; the test it happened in still fails.
  beforeEach(async () => {
    if (engine.browser.isConnected()) return;
    console.warn('the test browser disconnected during an earlier test; connecting again');
    engine.browser = await getBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
    engine.server.reset();
  });
  afterAll(async () => {
    await engine.server?.close();
    await engine.browser?.close();
  });
  engine.run = async (steps, opts = {}) => {
    const context = opts.context ?? (await engine.browser.newContext({ acceptDownloads: true, viewport: { width: 800, height: 600 } }));
    contexts.push(context);
    const starts: StepStart[] = [];
    const ends: StepEnd[] = [];
    let first: Page | undefined;
    context.once('page', (p) => (first ??= p));
    const outcome = await executeDefinition({
      definition: definitionOf(steps, opts.declare),
      secrets: {},
      allowPrivateAddresses: true,
      defaultTimeoutMs: 3000,
      control: async () => 'continue',
      ...opts,
      context,
      onStepStart: async (e) => {
        starts.push(e);
        await opts.onStepStart?.(e);
      },
      onStepEnd: async (e) => {
        ends.push(e);
        await opts.onStepEnd?.(e);
      },
    });
    const page = first ?? context.pages()[0]!;
    const logText = ends.flatMap((e) => e.log.map((l) => l.message)).join('\n');
    return { outcome, starts, ends, context, page, logText };
  };
  return engine;
}

/** The colour at (x, y) of a JPEG, decoded by the browser itself. */
export async function pixel(page: Page, jpeg: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ data, x, y }) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      return [...g.getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { data: jpeg.toString('base64'), x, y },
  );
}
