// A local OpenAI-compatible chat completions server for tests (POST /v1/chat/completions): no model,
// answers chosen by the test. Each request takes the next scripted reply (the last one repeats); with
// no script it answers the first option of the request's response format with confidence 80 (the test
// stack points the api function and the runner at it, so the end-to-end specs see a suggestion below the
// default threshold of 95 and a person decides). Replies: an answer, malformed JSON, a timeout (the
// request is never answered) or an HTTP error status. A test that cannot script the stub (the api's Deno
// tests, in another process) asks for an error status by writing `[stub:status 500]` in its prompt: the
// error then carries provider internals the app must not show.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenWhenFree } from './ports.ts';

export type StubReply =
  | { kind: 'answer'; choice?: string; confidence: number; reason?: string }
  | { kind: 'malformed' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number };

export type ChatRequest = { model: string; messages: Array<{ role: string; content: string }>; response_format?: { json_schema?: { schema?: { properties?: { choice?: { enum?: string[] } } } } } };

export type AiStub = {
  /** The base URL for KOLLEGA_AI_BASE_URL (…/v1). */
  url: string;
  /** Every request body received, in order, with its authorization header. */
  requests: Array<{ body: ChatRequest; authorization: string | undefined }>;
  /** Replies for the next requests, in order; the last one repeats. */
  script(replies: StubReply[]): void;
  close(): Promise<void>;
};

export const STUB_DEFAULT_CONFIDENCE = 80;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const completion = (model: string, content: string) => ({
  id: `chatcmpl-stub-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

export async function startAiStub(port = 0): Promise<AiStub> {
  let replies: StubReply[] = [];
  const requests: AiStub['requests'] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequest;
    requests.push({ body, authorization: req.headers.authorization });
    const forced = /\[stub:status (\d{3})\]/.exec(JSON.stringify(body.messages));
    if (forced) {
      res.writeHead(Number(forced[1]), { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `stub internals: quota of account org-stub-4711 exceeded at ${req.headers.host}`, type: 'server_error' } }));
      return;
    }
    const reply: StubReply = (replies.length > 1 ? replies.shift() : replies[0]) ?? { kind: 'answer', confidence: STUB_DEFAULT_CONFIDENCE };
    if (reply.kind === 'timeout') return; // never answered; the client's timeout ends it
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `stub status ${reply.status}`, type: 'server_error' } }));
      return;
    }
    const content = reply.kind === 'malformed'
      ? '{"choice": "yes", "confidence": '
      : JSON.stringify({
        choice: reply.choice ?? body.response_format?.json_schema?.schema?.properties?.choice?.enum?.[0] ?? 'unknown',
        confidence: reply.confidence,
        reason: reply.reason ?? 'Stubbsvar för test: ingen modell tillfrågades.',
      });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(body.model, content)));
  });
  await listenWhenFree(server, port, 'AI stub');
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    requests,
    script: (r) => { replies = [...r]; },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
