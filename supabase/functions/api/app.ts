// The `api` edge function's router. Every path is under /api (Supabase passes `/api/...` to the function).
import { Hono } from 'hono';
import { addMethodNotAllowed, type AppEnv, csrf, errorResponse, handleError, language, limitBody } from './middleware.ts';
import { HttpError } from '../_shared/http.ts';
import { authRoutes } from './routes/auth.ts';

const BASE_PATH = '/api';

export const app = new Hono<AppEnv>().basePath(BASE_PATH);

app.use('*', language, csrf, limitBody);

// Resource routers; every one must be mounted before addMethodNotAllowed, which answers 405 for their paths.
app.route('/', authRoutes);

addMethodNotAllowed(app, BASE_PATH);

app.notFound((c) => errorResponse(c, new HttpError(404, 'not_found')));
app.onError(handleError);
