// The decision client (supabase/functions/_shared/ai.ts) against the local OpenAI-compatible stub: a valid
// answer, a low confidence (returned as it is: the caller compares with the threshold), malformed JSON and
// a choice outside the options (retried once, then invalid_answer), a timeout and a 500 (retried once,
// then provider_error), and only the inputs given leave for the model.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type AiStub, startAiStub } from '../../dev/lib/ai-stub.ts';
import { askModel, type AiConfig, type AiQuestion, parseAnswer, promptVersion } from '../../supabase/functions/_shared/ai.ts';

let stub: AiStub;
let config: AiConfig;

beforeAll(async () => {
  stub = await startAiStub();
  config = { baseUrl: stub.url, apiKey: 'test-key', model: 'stub-model', timeoutMs: 400 };
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  stub.script([]);
});

const question: AiQuestion = {
  prompt: 'Om fakturabeloppet överstiger 10000 kr, skicka fakturan till chefen. Annars registrera den.',
  options: [{ value: 'register', label: 'Registrera' }, { value: 'manager', label: 'Till chefen' }],
  inputs: { variables: { amount: '12500' }, inputs: {} },
};

test('a valid answer comes back with model, prompt version, latency and one attempt; the request carries the key, the options and only the inputs given', async () => {
  stub.script([{ kind: 'answer', choice: 'manager', confidence: 97.4, reason: 'Beloppet är över 10000 kr.' }]);
  const result = await askModel(config, question);
  expect(result).toMatchObject({ ok: true, answer: { choice: 'manager', confidence: 97, reason: 'Beloppet är över 10000 kr.' }, model: 'stub-model', attempts: 1 });
  expect(result.promptVersion).toMatch(/^[0-9a-f]{16}$/);
  expect(result.promptVersion).toBe(await promptVersion(question));
  expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  expect(stub.requests).toHaveLength(1);
  const [{ body, authorization }] = stub.requests;
  expect(authorization).toBe('Bearer test-key');
  expect(body.model).toBe('stub-model');
  expect(body.response_format?.json_schema?.schema?.properties?.choice?.enum).toEqual(['register', 'manager']);
  const user = body.messages.find((m) => m.role === 'user')!.content;
  expect(user).toContain('12500');
  expect(user).toContain(question.prompt);
  expect(JSON.stringify(body)).not.toContain('secret');
});

test('the step\'s own model is asked for instead of the configured one', async () => {
  const result = await askModel(config, { ...question, model: 'gpt-4o-mini' });
  expect(result.model).toBe('gpt-4o-mini');
  expect(stub.requests[0]!.body.model).toBe('gpt-4o-mini');
});

test('a low confidence is returned as it is', async () => {
  stub.script([{ kind: 'answer', choice: 'register', confidence: 42 }]);
  const result = await askModel(config, question);
  expect(result).toMatchObject({ ok: true, answer: { choice: 'register', confidence: 42 }, attempts: 1 });
});

test('malformed JSON is retried once, then reported as invalid_answer', async () => {
  stub.script([{ kind: 'malformed' }]);
  const result = await askModel(config, question);
  expect(result).toMatchObject({ ok: false, failure: 'invalid_answer', attempts: 2, error: 'the answer is not JSON' });
  expect(result.raw).toContain('"choice"');
  expect(stub.requests).toHaveLength(2);
});

test('an invalid answer followed by a valid one is used (two attempts)', async () => {
  stub.script([{ kind: 'answer', choice: 'approve_all', confidence: 99 }, { kind: 'answer', choice: 'register', confidence: 96 }]);
  const result = await askModel(config, question);
  expect(result).toMatchObject({ ok: true, answer: { choice: 'register', confidence: 96 }, attempts: 2 });
});

test('a timeout is retried once, then reported as provider_error, within the two timeouts', async () => {
  stub.script([{ kind: 'timeout' }]);
  const started = Date.now();
  const result = await askModel(config, question);
  const elapsed = Date.now() - started;
  expect(result).toMatchObject({ ok: false, failure: 'provider_error', attempts: 2 });
  expect(stub.requests).toHaveLength(2);
  expect(elapsed).toBeGreaterThanOrEqual(2 * config.timeoutMs - 50);
  expect(elapsed).toBeLessThan(5_000);
});

test('a 500 is retried once, then reported as provider_error with the status', async () => {
  stub.script([{ kind: 'status', status: 500 }]);
  const result = await askModel(config, question);
  expect(result).toMatchObject({ ok: false, failure: 'provider_error', attempts: 2 });
  expect(!result.ok && result.error).toContain('500');
  expect(stub.requests).toHaveLength(2);
});

test('a 500 followed by an answer is used', async () => {
  stub.script([{ kind: 'status', status: 500 }, { kind: 'answer', choice: 'register', confidence: 99 }]);
  expect(await askModel(config, question)).toMatchObject({ ok: true, answer: { choice: 'register' }, attempts: 2 });
});

test('parseAnswer: the form {choice, confidence 0-100, reason} and a choice among the options', () => {
  const q = { options: question.options };
  expect(parseAnswer('```json\n{"choice":"register","confidence":100,"reason":"ok"}\n```', q)).toMatchObject({ ok: true });
  expect(parseAnswer('{"choice":"register","confidence":101,"reason":"ok"}', q)).toMatchObject({ ok: false });
  expect(parseAnswer('{"choice":"register","confidence":90}', q)).toMatchObject({ ok: false });
  expect(parseAnswer('{"choice":"register","confidence":90,"reason":"x","extra":1}', q)).toMatchObject({ ok: false });
  expect(parseAnswer('{"choice":"delete","confidence":90,"reason":"x"}', q)).toMatchObject({ ok: false, error: '"delete" is not one of the options' });
  expect(parseAnswer('', q)).toMatchObject({ ok: false });
});
