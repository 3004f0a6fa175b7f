// The `api` edge function's router. Every path is under /api (Supabase passes `/api/...` to the function).
import { Hono } from 'hono';
import { addMethodNotAllowed, type AppEnv, csrf, errorResponse, handleError, language, limitBody } from './middleware.ts';
import { HttpError } from '../_shared/http.ts';
import { aiRoutes } from './routes/ai.ts';
import { auditRoutes } from './routes/audit.ts';
import { batchRoutes } from './routes/batches.ts';
import { authRoutes } from './routes/auth.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { errorQueueRoutes } from './routes/error-queue.ts';
import { hookRoutes } from './routes/hooks.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { organizationSettingsRoutes } from './routes/organization-settings.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { runRoutes } from './routes/runs.ts';
import { searchRoutes } from './routes/search.ts';
import { attendedRoutes } from './routes/attended.ts';
import { secretRoutes } from './routes/secrets.ts';
import { stepThumbnailRoutes } from './routes/step-thumbnails.ts';
import { taskRoutes } from './routes/tasks.ts';
import { templateRoutes } from './routes/templates.ts';
import { userRoutes } from './routes/users.ts';
import { workflowRoutes } from './routes/workflows.ts';

const BASE_PATH = '/api';

export const app = new Hono<AppEnv>().basePath(BASE_PATH);

app.use('*', language, csrf, limitBody);

// Resource routers; every one must be mounted before addMethodNotAllowed, which answers 405 for their paths.
app.route('/', authRoutes);
app.route('/', workflowRoutes);
app.route('/', runRoutes);
app.route('/', stepThumbnailRoutes);
app.route('/', attendedRoutes);
app.route('/', batchRoutes);
app.route('/', taskRoutes);
app.route('/', aiRoutes);
app.route('/', secretRoutes);
app.route('/', hookRoutes);
app.route('/', dashboardRoutes);
app.route('/', auditRoutes);
app.route('/', errorQueueRoutes);
app.route('/', userRoutes);
app.route('/', organizationRoutes);
app.route('/', organizationSettingsRoutes);
app.route('/', paymentMethodRoutes);
app.route('/', templateRoutes);
app.route('/', notificationRoutes);
app.route('/', searchRoutes);

addMethodNotAllowed(app, BASE_PATH);

app.notFound((c) => errorResponse(c, new HttpError(404, 'not_found')));
app.onError(handleError);
