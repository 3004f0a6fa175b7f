// The AI prompt editor's server side (docs/automation.md "AI decisions and people"): whether a provider
// is set up (KOLLEGA_AI_* in this function's environment) with the AI panel's figures, all read from the
// organisation's recorded decisions (ai_decisions), and "Testa": one decision on sample values through
// the same client the runner uses, not recorded (no run, no step), and limited (app.claim_ai_test: 10
// per member per minute, 100 per organisation per hour) because each one costs the organisation. A test may
// name only a model of the server's allow-list (KOLLEGA_AI_MODEL, KOLLEGA_AI_MODELS: the operator pays for
// them); a provider's failure is told in the app's own words, its raw text only logged.
import { Hono } from 'hono';
import { aiConfigFromEnv, askModel, modelAllowed } from '../../_shared/ai.ts';
import { HttpError } from '../../_shared/http.ts';
import { t } from '../../_shared/i18n.ts';
import { aiTestSchema } from '../../_shared/schemas/tasks.ts';
import type { AiStatus, AiTestResult } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller } from '../resource.ts';

/** The decisions the panel's average confidence is over. */
export const AI_AVERAGE_WINDOW = 100;

const aiConfig = () => aiConfigFromEnv((name) => Deno.env.get(name));

export const aiRoutes = new Hono<AppEnv>();

aiRoutes.get('/ai/status', requireSession, async (c) => {
  const config = aiConfig();
  // Production figures only: decisions of test runs are left out (docs/product.md "Figures").
  const [figures] = await asCaller(c, (tx) => {
    const notTest = tx`not exists (select 1 from public.runs r where r.id = d.run_id and r.trigger = 'test')`;
    return tx<{ average: number | null; over: number; today: number; latestModel: string | null; openTasks: number }[]>`
      select
        (select round(avg(l.confidence))::int from (
           select confidence from public.ai_decisions d where confidence is not null and ${notTest} order by created_at desc limit ${AI_AVERAGE_WINDOW}) l) as average,
        (select count(*)::int from (
           select 1 from public.ai_decisions d where confidence is not null and ${notTest} order by created_at desc limit ${AI_AVERAGE_WINDOW}) l) as over,
        (select count(*)::int from public.ai_decisions d
         where ${notTest} and created_at >= (date_trunc('day', now() at time zone 'Europe/Stockholm') at time zone 'Europe/Stockholm')) as today,
        (select model from public.ai_decisions order by created_at desc limit 1) as "latestModel",
        (select count(*)::int from public.human_tasks where status = 'open') as "openTasks"`;
  });
  const status: AiStatus = {
    configured: !!config,
    model: config?.model ?? figures.latestModel,
    averageConfidence: figures.average,
    averageOver: figures.over,
    decisionsToday: figures.today,
    openTasks: figures.openTasks,
  };
  return c.json(status);
});

aiRoutes.post('/ai/test', requireSession, async (c) => {
  const input = await readJson(c, aiTestSchema);
  const config = aiConfig();
  if (!config) throw new HttpError(503, 'ai_not_configured');
  if (!modelAllowed(config, input.model)) {
    const vars = { models: config.models.join(', ') };
    throw new HttpError(400, 'model_not_allowed', { vars, fields: { model: t(c.get('lang'), 'model_not_allowed', vars) } });
  }
  const [{ wait }] = await asCaller(c, (tx) => tx<{ wait: number | null }[]>`select app.claim_ai_test() as wait`);
  if (wait) throw new HttpError(429, 'ai_test_limited', { vars: { seconds: wait }, headers: { 'Retry-After': String(wait) } });
  const result = await askModel(config, {
    prompt: input.prompt,
    options: input.options,
    inputs: { variables: input.inputs },
    model: input.model,
  });
  if (!result.ok) {
    // The provider's own words may carry its internals (addresses, account, quota): logged, not shown.
    console.error(`POST /api/ai/test: ${result.failure} from ${result.model}: ${result.error}`);
    throw new HttpError(502, 'ai_unavailable');
  }
  const body: AiTestResult = {
    choice: result.answer.choice,
    label: input.options.find((o) => o.value === result.answer.choice)?.label ?? result.answer.choice,
    confidence: result.answer.confidence,
    reason: result.answer.reason,
    wouldAct: result.answer.confidence >= input.threshold,
    model: result.model,
    latencyMs: result.latencyMs,
  };
  return c.json(body);
});
