// "Avancerat" under a step: what only a developer needs to see (selectors, frame, popup window, timeout,
// a JavaScript condition), folded away by default. Nothing to show, nothing rendered.
import { DEFAULT_STEP_TIMEOUT_MS, type Step } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { selectorLines } from '../editor-model';

export function StepAdvanced({ step }: { step: Step }) {
  const { t } = useTranslation('workflows');
  const selectors = selectorLines(step);
  const frame = 'frame' in step && step.frame && step.frame.length > 0 ? step.frame.join(' › ') : null;
  const target = 'target' in step && step.target && step.target !== 'main' ? step.target : null;
  const expression = step.type === 'waitForExpression' ? step.expression : null;
  if (selectors.length === 0 && !frame && !target && !expression && step.timeout === undefined) return null;
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer select-none text-slate-500 hover:text-slate-800">{t('editor.steps.advanced.title')}</summary>
      <dl className="mt-1 space-y-1">
        {selectors.length > 0 ? (
          <div>
            <dt className="text-slate-500">{t('editor.steps.advanced.selectors')}</dt>
            <dd>
              <ol className="list-decimal pl-5 font-mono">
                {selectors.map((selector, position) => (
                  <li key={position} className="[overflow-wrap:anywhere]">
                    {selector}
                  </li>
                ))}
              </ol>
            </dd>
          </div>
        ) : null}
        {frame ? <Line label={t('editor.steps.advanced.frame')} value={frame} /> : null}
        {target ? <Line label={t('editor.steps.advanced.window')} value={target} /> : null}
        {expression ? <Line label={t('editor.steps.advanced.expression')} value={expression} /> : null}
        {'selectors' in step || step.timeout !== undefined ? (
          <Line
            label={t('editor.steps.advanced.timeout')}
            value={t('editor.steps.advanced.seconds', { count: (step.timeout ?? DEFAULT_STEP_TIMEOUT_MS) / 1000 })}
          />
        ) : null}
      </dl>
    </details>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-mono [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
