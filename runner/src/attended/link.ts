// The relay's connection to one person's extension (one WebSocket per attended run): requests with answers,
// and the extension's events (CDP events of the relayed tabs, popups, detaches, the person taking over).
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { AttendedDetachReason, ExtensionFeature, ExtensionToRelay, RelayToExtension, TargetInfo } from '../../../extension/src/attended-protocol.ts';

type Events = {
  event: [{ tabId: number; sessionId?: string; method: string; params?: unknown }];
  popup: [{ tabId: number; targetInfo: TargetInfo }];
  detached: [{ tabId: number; reason: AttendedDetachReason }];
  takeover: [{ tabId: number; input: string }];
  close: [];
};

/** An answer from the extension: an error message, or the result. */
type Answer = (error: string | undefined, result?: unknown) => void;

type RequestMethod = Extract<RelayToExtension, { type: 'request' }>['method'];

/** How long a request may wait for the extension (a navigation's commands answer quickly; a hung tab does not). */
const REQUEST_TIMEOUT_MS = 60_000;

export class ExtensionLink extends EventEmitter<Events> {
  private nextId = 1;
  private readonly pending = new Map<number, { answer: Answer; timer: NodeJS.Timeout }>();
  closed = false;

  /** @param features what the extension's hello said it can do (an older extension names none). */
  constructor(private readonly socket: WebSocket, readonly features: readonly ExtensionFeature[] = []) {
    super();
    socket.on('message', (data) => {
      let message: ExtensionToRelay;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      this.receive(message);
    });
    socket.on('close', () => this.shut());
    socket.on('error', () => this.shut());
  }

  private receive(message: ExtensionToRelay): void {
    switch (message.type) {
      case 'result': {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        clearTimeout(waiting.timer);
        waiting.answer(message.error, message.result);
        return;
      }
      case 'event':
        this.emit('event', message);
        return;
      case 'popup':
        this.emit('popup', message);
        return;
      case 'detached':
        this.emit('detached', message);
        return;
      case 'takeover':
        this.emit('takeover', message);
        return;
      case 'ping':
        this.send({ type: 'pong' });
        return;
      default:
        return;
    }
  }

  send(message: RelayToExtension): void {
    if (!this.closed && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  request(method: RequestMethod, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => this.call(method, params, (error, result) => (error === undefined ? resolve(result) : reject(new Error(error)))));
  }

  /**
   * A request whose answer is handed to `answer` synchronously as it arrives, in order with the events that
   * follow it (a promise would let them overtake it; Playwright relies on CDP's order).
   */
  call(method: RequestMethod, params: unknown, answer: Answer): void {
    const id = this.expect(method, answer);
    if (id !== undefined) this.send({ type: 'request', id, method, params } as RelayToExtension);
  }

  /**
   * A `cdp` request whose params are already JSON text (the bridge passes a large command through without parsing
   * it): the same message on the wire as `call('cdp', params, answer)`.
   */
  callCdpText(paramsJson: string, answer: Answer): void {
    const id = this.expect('cdp', answer);
    if (id !== undefined && this.socket.readyState === 1) this.socket.send(`{"type":"request","id":${id},"method":"cdp","params":${paramsJson}}`);
  }

  /** Registers an answer awaited from the extension: its request id, or undefined (answered at once) when closed. */
  private expect(method: string, answer: Answer): number | undefined {
    if (this.closed) {
      answer('the person\'s browser is no longer connected');
      return undefined;
    }
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.pending.delete(id);
      answer(`the person's browser did not answer ${method} in time`);
    }, REQUEST_TIMEOUT_MS);
    this.pending.set(id, { answer, timer });
    return id;
  }

  close(code = 1000, why = 'done'): void {
    this.socket.close(code, why);
    this.shut();
  }

  private shut(): void {
    if (this.closed) return;
    this.closed = true;
    for (const { answer, timer } of this.pending.values()) {
      clearTimeout(timer);
      answer('the person\'s browser disconnected');
    }
    this.pending.clear();
    this.emit('close');
  }
}
