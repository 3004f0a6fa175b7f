// Entry point of the `api` edge function. On Supabase the runtime owns the port; locally (dev/, tests)
// PORT is set and the server listens on the loopback interface only.
import { app } from './app.ts';

const port = Deno.env.get('PORT');

Deno.serve(
  {
    port: Number(port ?? 8000),
    ...(port ? { hostname: '127.0.0.1' } : {}),
    onListen: ({ hostname, port }) => console.log(`[api] listening on http://${hostname}:${port}/api`),
  },
  (request, info) => app.fetch(request, info),
);

// Locally a stop (SIGTERM from the stack) ends the process through its exit path, so what runs there (a CPU
// profile asked for with KOLLEGA_API_DENO_FLAGS) is written.
if (port) Deno.addSignalListener('SIGTERM', () => Deno.exit(0));
