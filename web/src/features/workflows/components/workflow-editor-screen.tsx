// /workflows/$workflowId: the step editor (steps as sentences; add any step type at the end or after a
// step, duplicate, reorder by buttons or drag and drop, edit, delete; undo and redo until saved; save as a
// new version with the shared schema's checks), the version history (who saved what, restore any
// version), a live test run, and what hangs on the workflow: its secrets, schedule and webhook. Leaving
// with unsaved changes asks first. Whoever may not change the workflow (useCan) sees it read-only, with
// the reason, and may still test-run it. Each step shows a picture: the element pointed at with "Peka ut"
// (stored when the steps are saved), else the step's screenshot from the last run. "Kör i min webbläsare" runs it
// in a tab of the person's own browser (a test run unless the workflow is active); a workflow that runs only
// there (a "Logga in själv" step, or so set) gets that offer from "Testkör" too, and says where it may run.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { secretNames, type Step, DEFINITION_FORMAT_VERSION, fileStepInput, type InputDeclaration, inputDeclarations, isFileStep, needsPerson, usedInputNames } from '@shared/schemas/definition';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ArrowLeftIcon, PencilIcon, PlayIcon, RecordIcon, WindowIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/notify';
import { PermissionNote } from '@/components/ui/permission-note';
import { RunInBrowserDialog } from '@/features/attended/components/run-in-browser-dialog';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { runQueryOptions } from '../api/get-run';
import { stepThumbnailsQueryOptions } from '../api/get-step-thumbnails';
import { workflowQueryOptions } from '../api/get-workflow';
import { runScreenshotUrl } from '../api/run-screenshot-url';
import { isAttendedOnly, useTestRunWorkflow } from '../api/run-workflow';
import { useSaveDefinition } from '../api/save-definition';
import { useSaveStepThumbnails } from '../api/save-step-thumbnails';
import { useUpdateWorkflow } from '../api/update-workflow';
import {
  type AddableStepType,
  type DefinitionErrors,
  duplicateStep,
  errorsByStep,
  insertStep,
  moveStep,
  newStep,
  newStepId,
  sameSteps,
  type StepFieldErrors,
  validateDefinition,
} from '../editor-model';
import { useIssueText } from '../hooks/use-issue-text';
import { useDefaultAiThreshold } from '@/hooks/use-organization-settings';
import { useStepHistory } from '../hooks/use-step-history';
import { pickUrl } from '../pick';
import { AddStepMenu } from './add-step-menu';
import { BatchesCard } from './batches-card';
import { InputsCard } from './inputs-card';
import { RunInputsDialog } from './run-inputs-dialog';
import { RunLocationCard } from './run-location-card';
import { ScheduleCard } from './schedule-card';
import { StepEditDialog } from './step-edit-dialog';
import { StepList } from './step-list';
import { TestRunPanel } from './test-run-panel';
import { VersionHistoryCard } from './version-history-card';
import { WebhookCard } from './webhook-card';
import { WorkflowFormDialog, type WorkflowFormOutput } from './workflow-form-dialog';
import { WorkflowSecretsCard } from './workflow-secrets-card';
import { WorkflowStatusBadge } from './workflow-status-badge';

const NO_ERRORS: StepFieldErrors = {};

/** A run in the person's own browser: a test run or not, and whether the workflow runs nowhere else. */
type BrowserRun = { attendedOnly: boolean; test: boolean };

/** The step in the dialog, and where it goes: `index` replaces a step, `insertAt` adds one there. */
type Editing = { step: Step; index: number | null; insertAt: number };

type WorkflowEditorScreenProps = {
  workflowId: string;
  /** The organisation's secrets that have no sites yet (flagged where the workflow uses them). */
  secretsWithoutSites: string[];
};

export function WorkflowEditorScreen({ workflowId, secretsWithoutSites }: WorkflowEditorScreenProps) {
  const { t } = useTranslation('workflows');
  const { t: tc } = useTranslation('common');
  const issueText = useIssueText();
  const { data: workflow } = useSuspenseQuery(workflowQueryOptions(workflowId));
  const editSteps = useCan('workflow.edit_steps', workflow);
  const editDetails = useCan('workflow.edit', workflow);
  const readOnlyReason = editSteps.reason ?? editDetails.reason;
  const reasonId = useId();
  const saved = workflow.definition.steps;
  const history = useStepHistory(saved);
  const steps = history.steps;
  // A new AI decision step starts with the organisation's default threshold (Settings).
  const defaultThreshold = useDefaultAiThreshold();
  const [inputsDraft, setInputsDraft] = useState<InputDeclaration[] | null>(null);
  const inputs = inputsDraft ?? workflow.definition.inputs ?? [];
  /** Input values being asked for, for a test run on the servers or a run in the person's browser (`browser`). */
  const [askingInputs, setAskingInputs] = useState<{ browser?: BrowserRun } | null>(null);
  const [browser, setBrowser] = useState<(BrowserRun & { inputs?: Record<string, string>; files?: Record<string, File> }) | null>(null);
  const dirty = (history.changed && !sameSteps(steps, saved)) || inputsDraft !== null;
  const [errors, setErrors] = useState<DefinitionErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  /** Step id → the picture of the element pointed at since the last save (a JPEG data: URL). */
  const [pickedThumbnails, setPickedThumbnails] = useState<Record<string, string>>({});
  const saveThumbnails = useSaveStepThumbnails();

  const save = useSaveDefinition();
  const testRun = useTestRunWorkflow();
  const updateWorkflow = useUpdateWorkflow();
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true });

  const showErrors = (fields: Record<string, string>, sent: readonly Step[]) => {
    const { byStep, other } = errorsByStep(fields, sent);
    setErrors(byStep);
    setOtherErrors(other);
  };

  const clearErrorsOf = (id: string) =>
    setErrors((current) => {
      if (!(id in current)) return current;
      const next = { ...current };
      delete next[id];
      return next;
    });

  const handleSave = (then?: () => void) => {
    const sent = steps;
    const result = validateDefinition(sent, inputs);
    if (!result.ok) {
      showErrors(Object.fromEntries(Object.entries(result.fields).map(([path, message]) => [path, issueText(message)])), sent);
      notify.error(t('editor.toast.invalid'), t('editor.toast.invalid_description'));
      return;
    }
    save.mutate(
      { id: workflow.id, definition: result.definition },
      {
        onSuccess: (definition) => {
          const kept = Object.entries(pickedThumbnails).filter(([id]) => sent.some((step) => step.id === id));
          if (kept.length > 0) saveThumbnails.mutate({ workflowId: workflow.id, thumbnails: Object.fromEntries(kept) });
          setPickedThumbnails({});
          history.reset();
          setInputsDraft(null);
          setErrors({});
          setOtherErrors([]);
          notify.success(t('editor.toast.saved', { version: definition.version }), t('editor.toast.saved_description'));
          then?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) showErrors(error.fields, sent);
        },
      },
    );
  };

  const startTestRun = (values?: Record<string, string>, files?: Record<string, File>) =>
    testRun.mutate(values ? { id: workflow.id, inputs: values, files } : workflow.id, {
      onSuccess: ({ executionId }) => {
        setAskingInputs(null);
        setRunId(executionId);
        notify.success(t('test_run.toast.started'), t('test_run.toast.started_description'));
      },
      onError: (error) => {
        if (!isAttendedOnly(error)) return;
        setAskingInputs(null);
        setBrowser({ attendedOnly: true, test: true, inputs: values, files });
      },
    });

  // A workflow that runs only in a person's browser is test-run there.
  const attendedOnly = needsPerson({ steps }) || workflow.runLocation === 'attended';
  const askOrStart = (browserRun?: BrowserRun) =>
    inputDeclarations({ steps, inputs }).length
      ? setAskingInputs(browserRun ? { browser: browserRun } : {})
      : browserRun
        ? setBrowser(browserRun)
        : startTestRun();
  const handleTestRun = () => {
    const how = attendedOnly ? { attendedOnly: true, test: true } : undefined;
    return dirty ? handleSave(() => askOrStart(how)) : askOrStart(how);
  };
  const handleBrowserRun = () => {
    const how = { attendedOnly: false, test: workflow.status !== 'active' };
    return dirty ? handleSave(() => askOrStart(how)) : askOrStart(how);
  };

  const handleStepSubmit = (step: Step, thumbnail?: string) => {
    if (!editing) return;
    if (thumbnail) setPickedThumbnails((current) => ({ ...current, [step.id]: thumbnail }));
    const next =
      editing.index === null ? insertStep(steps, editing.insertAt, step) : steps.map((current, index) => (index === editing.index ? step : current));
    history.change(next);
    clearErrorsOf(step.id);
    setEditing(null);
  };

  const handleAdd = (type: AddableStepType, insertAt = steps.length) =>
    setEditing({ step: newStep(type, newStepId(steps), defaultThreshold), index: null, insertAt });

  useEffect(() => {
    if (!editSteps.allowed) return;
    // Ctrl+Z / Ctrl+Shift+Z (⌘ on a Mac), and Ctrl+Y, outside text fields and dialogs, which undo their own typing.
    const handleKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) history.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') history.redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [editSteps.allowed, history.undo, history.redo]);

  const handleDelete = () => {
    if (deleting === null) return;
    clearErrorsOf(steps[deleting].id);
    history.change(steps.filter((_, index) => index !== deleting));
    setDeleting(null);
  };

  const handleDetails = (values: WorkflowFormOutput) =>
    updateWorkflow.mutate(
      { id: workflow.id, input: values },
      {
        onSuccess: () => {
          setDetailsOpen(false);
          notify.success(t('toast.updated'));
        },
      },
    );

  const deletingStep = deleting === null ? undefined : steps[deleting];
  const storedThumbnails = useQuery(stepThumbnailsQueryOptions(workflow.id)).data;
  const testRunThumbnails = useTestRunThumbnails(runId);
  const thumbnails = { ...storedThumbnails?.run, ...testRunThumbnails, ...storedThumbnails?.element, ...pickedThumbnails };
  const elementPictures = new Set(Object.keys({ ...storedThumbnails?.element, ...pickedThumbnails }));
  const used = secretNames({ version: DEFINITION_FORMAT_VERSION, steps });

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <Link to="/workflows" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="size-4" />
        {t('editor.back')}
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{workflow.name}</h1>
          {workflow.description ? <p className="mt-1 text-sm text-slate-600">{workflow.description}</p> : null}
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <WorkflowStatusBadge status={workflow.status} />
            <span>
              {workflow.currentVersion === null
                ? t('editor.not_saved_yet')
                : t('editor.version', { version: workflow.currentVersion })}
            </span>
            {dirty ? <Badge tone="amber">{t('editor.unsaved')}</Badge> : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="ghost"
            onClick={() => setDetailsOpen(true)}
            disabled={!editDetails.allowed}
            aria-describedby={editDetails.allowed ? undefined : reasonId}
          >
            <PencilIcon className="size-4" />
            {t('editor.edit_details')}
          </Button>
          <Button
            variant="secondary"
            onClick={handleTestRun}
            title={t('editor.test_run_hint')}
            isPending={testRun.isPending}
            pendingLabel={t('editor.test_run_starting')}
            disabled={save.isPending}
          >
            <PlayIcon className="size-4" />
            {t('editor.test_run')}
          </Button>
          <Button variant="secondary" onClick={handleBrowserRun} disabled={save.isPending} title={t('editor.run_in_browser_hint')}>
            <WindowIcon className="size-4" />
            {t('editor.run_in_browser')}
          </Button>
          {editSteps.allowed ? (
            <Button onClick={() => handleSave()} isPending={save.isPending} pendingLabel={t('editor.saving')} disabled={!dirty}>
              {t('editor.save')}
            </Button>
          ) : null}
        </div>
      </div>

      {readOnlyReason ? (
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200 ring-inset">
          <p className="font-semibold">{tc('permissions.read_only')}</p>
          <PermissionNote id={reasonId} reason={readOnlyReason} className="mt-1" />
        </div>
      ) : null}

      {otherErrors.length > 0 ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          <p className="font-semibold">{t('editor.errors.other_title')}</p>
          <ul className="mt-1 list-disc pl-5">
            {otherErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card
            title={t('editor.steps.title')}
            actions={
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-500">{t('editor.steps.count', { count: steps.length })}</span>
                {editSteps.allowed ? (
                  <>
                    <Button variant="ghost" size="sm" onClick={history.undo} disabled={!history.canUndo} title={t('editor.undo_hint')}>
                      {t('editor.undo')}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={history.redo} disabled={!history.canRedo} title={t('editor.redo_hint')}>
                      {t('editor.redo')}
                    </Button>
                    <AddStepMenu onAdd={(type) => handleAdd(type)} />
                  </>
                ) : null}
              </div>
            }
          >
            {steps.length === 0 ? (
              <div className="rounded-xl border-2 border-dashed border-slate-200 px-6 py-10 text-center">
                <RecordIcon className="mx-auto size-10 text-slate-400" />
                <h3 className="mt-3 text-base font-semibold text-slate-900">{t('editor.empty.title')}</h3>
                <p className="mt-1 text-sm text-slate-600">{t('editor.empty.description')}</p>
                {editSteps.allowed ? (
                  <Link
                    to="/track-trace"
                    search={{ workflowId: workflow.id }}
                    className={buttonClasses({ variant: 'secondary', className: 'mt-5' })}
                  >
                    {t('editor.empty.record')}
                  </Link>
                ) : null}
              </div>
            ) : (
              <fieldset
                disabled={!editSteps.allowed}
                aria-describedby={editSteps.allowed ? undefined : reasonId}
                className="min-w-0"
              >
                <StepList
                  steps={steps}
                  errors={errors}
                  editable={editSteps.allowed}
                  thumbnails={thumbnails}
                  elementPictures={elementPictures}
                  onMove={(from, to) => history.change(moveStep(steps, from, to))}
                  onInsertAfter={(index, type) => handleAdd(type, index + 1)}
                  onDuplicate={(index) => history.change(duplicateStep(steps, index))}
                  onEdit={(index) => setEditing({ step: steps[index], index, insertAt: index })}
                  onDelete={setDeleting}
                />
              </fieldset>
            )}
          </Card>
          <VersionHistoryCard
            workflowId={workflow.id}
            currentVersion={workflow.currentVersion}
            restoreBlockedReason={editSteps.reason ?? (dirty ? t('history.restore_blocked_unsaved') : null)}
          />
        </div>
        <aside className="min-w-0 space-y-6">
          {runId ? <TestRunPanel key={runId} runId={runId} onClose={() => setRunId(null)} /> : null}
          <WorkflowSecretsCard
            used={used}
            saved={secretNames(workflow.definition)}
            missing={workflow.missingSecrets}
            withoutSites={secretsWithoutSites}
          />
          <InputsCard
            inputs={inputs}
            used={usedInputNames({ steps })}
            files={steps.filter(isFileStep).flatMap((step) => fileStepInput(step) ?? [])}
            disabled={!editSteps.allowed}
            onChange={setInputsDraft}
          />
          <BatchesCard workflowId={workflow.id} />
          <RunLocationCard workflow={workflow} hasLoginStep={needsPerson(workflow.definition)} />
          <ScheduleCard workflow={workflow} />
          <WebhookCard workflow={workflow} />
        </aside>
      </div>

      {editing ? (
        <StepEditDialog
          step={editing.step}
          number={editing.index === null ? null : editing.index + 1}
          steps={steps}
          errors={errors[editing.step.id] ?? NO_ERRORS}
          pickUrl={pickUrl(steps, editing.index ?? editing.insertAt)}
          onClose={() => setEditing(null)}
          onSubmit={handleStepSubmit}
        />
      ) : null}
      {askingInputs ? (
        <RunInputsDialog
          inputs={inputDeclarations({ steps, inputs })}
          title={t('run_inputs.test_title')}
          isPending={testRun.isPending}
          onClose={() => setAskingInputs(null)}
          onSubmit={(values, files) => {
            if (!askingInputs.browser) return startTestRun(values, files);
            setBrowser({ ...askingInputs.browser, inputs: values, files });
            setAskingInputs(null);
          }}
        />
      ) : null}
      {browser ? (
        <RunInBrowserDialog
          target={{ kind: 'workflow', workflowId: workflow.id, name: workflow.name, inputs: browser.inputs, files: browser.files, test: browser.test }}
          attendedOnly={browser.attendedOnly}
          onClose={() => setBrowser(null)}
          onStarted={(started) => {
            setBrowser(null);
            setRunId(started);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deletingStep !== undefined}
        title={t('editor.delete_dialog.title')}
        description={
          deletingStep && deleting !== null
            ? t('editor.delete_dialog.description', { number: deleting + 1, type: t(`step_types.${deletingStep.type}`) })
            : ''
        }
        confirmLabel={t('editor.delete_dialog.confirm')}
        cancelLabel={t('editor.delete_dialog.cancel')}
        pendingLabel={t('editor.delete_dialog.confirm')}
        isPending={false}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title={t('editor.leave_dialog.title')}
        description={t('editor.leave_dialog.description')}
        confirmLabel={t('editor.leave_dialog.confirm')}
        cancelLabel={t('editor.leave_dialog.cancel')}
        pendingLabel={t('editor.leave_dialog.confirm')}
        isPending={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
      <WorkflowFormDialog
        key={detailsOpen ? 'details-open' : 'details-closed'}
        open={detailsOpen}
        mode="edit"
        workflow={workflow}
        isPending={updateWorkflow.isPending}
        onClose={() => setDetailsOpen(false)}
        onSubmit={handleDetails}
      />
    </section>
  );
}

/** Step id → the screenshot each step took in the test run started here (its last attempt's). */
function useTestRunThumbnails(runId: string | null): Record<string, string> {
  const run = useQuery({ ...runQueryOptions(runId ?? ''), enabled: runId !== null });
  const thumbnails: Record<string, string> = {};
  if (!runId || !run.data) return thumbnails;
  for (const step of run.data.steps) if (step.hasScreenshot && step.stepId) thumbnails[step.stepId] = runScreenshotUrl(runId, step.id);
  return thumbnails;
}
