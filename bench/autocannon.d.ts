// The part of autocannon's programmatic API that bench/api.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: Request[];
  };

  export type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p99: number };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = EventEmitter & Promise<Result> & { stop: () => void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
