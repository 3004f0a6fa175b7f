// What a definition must not do, checked before any version is saved (PUT …/definition, import, restore, a
// heal): the rules the schema alone cannot say, each refused with its own code and the field errors of the
// steps that break it, in the caller's language.
import { aiConfigFromEnv, modelAllowed } from '../_shared/ai.ts';
import { isLiteralBlockedUrl } from '../_shared/blocked-address.ts';
import { HttpError } from '../_shared/http.ts';
import { type Lang, t, validationMessage } from '../_shared/i18n.ts';
import { type Definition, unsafeTemplateUses } from '../_shared/schemas/definition.ts';

/**
 * Refuses (400) a definition that
 * - uses a secret anywhere but the value of a `change` step, or a template in a `waitForExpression`
 *   (`secret_use_invalid`, `template_in_expression`; docs/automation.md "Secrets are bound to sites");
 * - names an AI model outside this server's allow-list (KOLLEGA_AI_MODEL and KOLLEGA_AI_MODELS): each model costs
 *   the operator, so members choose only among those offered (`model_not_allowed`; without a provider no model
 *   is called, so nothing is checked);
 * - goes to a loopback, private, link-local or local-name address written out in a navigate step
 *   (`url_private`), unless this deployment's runners may reach them (KOLLEGA_RUNNER_ALLOW_PRIVATE=true: the
 *   local stack). Names that resolve to such addresses are stopped by the runner's network guard at run time.
 */
export function refuseUnsafeDefinition(definition: Definition, lang: Lang, prefix = 'definition.'): Definition {
  const unsafe = unsafeTemplateUses(definition);
  if (unsafe.length) {
    const fields = Object.fromEntries(unsafe.map((u) => [`${prefix}${u.path.join('.')}`, validationMessage(lang, u.message) ?? t(lang, u.message)]));
    throw new HttpError(400, unsafe[0]!.message, { fields });
  }
  const config = aiConfigFromEnv((name) => Deno.env.get(name));
  if (config) {
    const vars = { models: config.models.join(', ') };
    const models: Record<string, string> = {};
    definition.steps.forEach((step, index) => {
      if (step.type === 'ai_decision' && !modelAllowed(config, step.model)) models[`${prefix}steps.${index}.model`] = t(lang, 'model_not_allowed', vars);
    });
    if (Object.keys(models).length) throw new HttpError(400, 'model_not_allowed', { vars, fields: models });
  }
  if (Deno.env.get('KOLLEGA_RUNNER_ALLOW_PRIVATE') === 'true') return definition;
  const fields: Record<string, string> = {};
  definition.steps.forEach((step, index) => {
    if (step.type === 'navigate' && isLiteralBlockedUrl(step.url)) fields[`${prefix}steps.${index}.url`] = t(lang, 'url_private');
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'url_private', { fields });
  return definition;
}
