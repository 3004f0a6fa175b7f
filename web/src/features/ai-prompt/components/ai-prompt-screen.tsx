// The AI prompt editor (SPEC §2 /ai-prompt) on a real workflow: pick the workflow and a step, edit an
// ai_decision step (or add one after a standard step), save it as a new version of the definition, and
// "Testa" it once. Says so when AI is not set up: to an administrator what to set (and where the docs are),
// to anyone else to ask one. The workflows come in from the route (their feature).
import { useQuery } from '@tanstack/react-query';
import type { Definition } from '@shared/schemas/definition';
import type { Workflow, WorkflowDetail } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExclamationTriangleIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { useDefaultAiThreshold } from '@/hooks/use-organization-settings';
import { useCan } from '@/lib/permissions';
import { aiStatusQueryOptions } from '../api/get-ai-status';
import { type DecisionStep, isDecision, newDecisionStep } from '../model';
import { ModelPanel } from './model-panel';
import { PromptEditor } from './prompt-editor';
import { PromptStepList } from './prompt-step-list';

type AiPromptScreenProps = {
  workflows: Workflow[] | undefined;
  workflowId: string | undefined;
  onSelectWorkflow: (id: string) => void;
  workflow: { data: WorkflowDetail | undefined; isError: boolean };
  saving: boolean;
  onSave: (definition: Definition, onSaved: () => void) => void;
};

export function AiPromptScreen({ workflows, workflowId, onSelectWorkflow, workflow, saving, onSave }: AiPromptScreenProps) {
  const { t } = useTranslation('ai_prompt');
  const status = useQuery(aiStatusQueryOptions());
  // The organisation's administrator is who sets AI up; everyone else is told to ask one.
  const setUp = useCan('organization.edit');
  const defaultThreshold = useDefaultAiThreshold();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [added, setAdded] = useState<{ step: DecisionStep; afterIndex: number } | null>(null);
  const definition = workflow.data?.definition;
  const steps = definition
    ? added
      ? [...definition.steps.slice(0, added.afterIndex + 1), added.step, ...definition.steps.slice(added.afterIndex + 1)]
      : definition.steps
    : undefined;
  const selectedIndex = steps?.findIndex((step) => step.id === selectedId) ?? -1;
  const selected = steps && selectedIndex >= 0 ? steps[selectedIndex] : null;

  const selectWorkflow = (id: string) => {
    setSelectedId(null);
    setAdded(null);
    onSelectWorkflow(id);
  };
  const addDecisionAfter = (index: number) => {
    if (!definition) return;
    const step = newDecisionStep(definition, t('editor.new_description'), { yes: t('editor.yes'), no: t('editor.no') }, defaultThreshold);
    setAdded({ step, afterIndex: index });
    setSelectedId(step.id);
  };
  const save = (next: Definition) =>
    onSave(next, () => {
      setAdded(null);
      notify.success(t('toast.saved'), t('toast.saved_description', { number: selectedIndex + 1 }));
    });

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>
      {status.data && !status.data.configured ? (
        <div role="status" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-600" />
          {setUp.allowed ? (
            <span>
              <span className="block font-semibold">{t('not_configured.title')}</span>
              {t('not_configured.admin_description')}
            </span>
          ) : (
            <span>
              <span className="block font-semibold">{t('not_configured.ask_admin')}</span>
              {t('not_configured.until_then')}
            </span>
          )}
        </div>
      ) : null}
      {workflows && workflows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('workflow.none')}</p>
      ) : (
        <SelectInput
          className="max-w-md"
          label={t('workflow.label')}
          value={workflowId ?? ''}
          placeholder={workflows ? t('workflow.placeholder') : t('workflow.loading')}
          options={(workflows ?? []).map((w) => ({ value: w.id, label: w.name }))}
          onChange={selectWorkflow}
        />
      )}
      {workflow.isError ? <p className="text-sm text-red-700">{t('workflow.error')}</p> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <PromptStepList steps={workflowId ? steps : undefined} selectedId={selectedId} onSelect={setSelectedId} />
        <div className="lg:col-span-2">
          {selected && definition && isDecision(selected) ? (
            <PromptEditor
              key={`${workflowId}:${selected.id}:${workflow.data?.currentVersion ?? 0}`}
              definition={definition}
              step={selected}
              stepNumber={selectedIndex + 1}
              afterIndex={added?.step.id === selected.id ? added.afterIndex : undefined}
              aiConfigured={!!status.data?.configured}
              saving={saving}
              onSave={save}
            />
          ) : selected ? (
            <Card title={t('editor.standard_title')}>
              <p className="text-sm text-slate-600">{t('editor.standard_description')}</p>
              <Button variant="secondary" className="mt-4" onClick={() => addDecisionAfter(selectedIndex)}>
                {t('editor.add_decision', { number: selectedIndex + 1 })}
              </Button>
            </Card>
          ) : (
            <Card>
              <div className="py-10 text-center">
                <p className="font-semibold text-slate-900">{t('editor.empty_title')}</p>
                <p className="mt-1 text-sm text-slate-500">{t('editor.empty_description')}</p>
              </div>
            </Card>
          )}
        </div>
      </div>
      <ModelPanel />
    </div>
  );
}
