// Track & Trace (SPEC §2 /track-trace): the start URL (the recording runs in the browser the extension is
// installed in, Chrome or Edge: there is no browser to choose), the recording controls (through the Kollega
// Recorder extension), the steps as they are captured, and saving them as a workflow's definition.
import { Field, Label, Description } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workflowPickerQueryOptions } from '@/features/workflows/api/get-workflows';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PauseIcon, PlayIcon, RecordIcon, StopIcon, TrashIcon, WindowIcon } from '@/components/ui/icons';
import { FieldInput } from '@/components/ui/field-input';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { useSaveRecording } from '../api/save-recording';
import { useRecorder } from '../hooks/use-recorder';
import { DEFAULT_START_URL, type RecordedStep, recordedDurationMs, thumbnailsOf, toDefinition } from '../model';
import { EditStepDialog } from './edit-step-dialog';
import { InstallNotice } from './install-notice';
import { RecordingOverlay } from './recording-overlay';
import { StepList } from './step-list';

const NEW_WORKFLOW = '';

export function TrackTraceScreen({ workflowId }: { workflowId?: string }) {
  const { t, i18n } = useTranslation('recording');
  const navigate = useNavigate();
  const recorder = useRecorder();
  const workflows = useQuery(workflowPickerQueryOptions());
  const save = useSaveRecording();
  const [url, setUrl] = useState(DEFAULT_START_URL);
  const [target, setTarget] = useState(workflowId ?? NEW_WORKFLOW);
  const [editing, setEditing] = useState<RecordedStep | null>(null);
  const { status, steps } = recorder;
  const active = status !== 'stopped';
  const secrets = [...new Set(steps.flatMap((step) => (step.secret ? [step.secret] : [])))];
  const inputs = [...new Set(steps.flatMap((step) => (step.input ? [step.input] : [])))];

  const handleSave = (test: boolean) => {
    if (active) recorder.stop();
    const newName = t('save.new_name', { date: new Date().toLocaleString(i18n.language === 'en' ? 'en-GB' : 'sv-SE') });
    save.mutate(
      {
        workflowId: target || null,
        newName,
        definition: toDefinition(steps),
        recordedDurationMs: recordedDurationMs(steps),
        test,
        thumbnails: thumbnailsOf(steps, recorder.pictures),
      },
      {
        onSuccess: ({ workflowId: id, executionId }) => {
          notify.success(t('toast.saved_title'), t('toast.saved_description', { count: steps.length }));
          if (executionId) void navigate({ to: '/workflow-execution/$runId', params: { runId: executionId } });
          else void navigate({ to: '/workflows/$workflowId', params: { workflowId: id } });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 pb-20">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('breadcrumb.current')} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>

      {recorder.installed ? null : <InstallNotice />}

      {recorder.startError === 'window_failed' ? (
        <Alert variant="error" title={t('popup_blocked.title')}>
          {t('popup_blocked.description')}
        </Alert>
      ) : recorder.startError === 'url_not_allowed' ? (
        <Alert variant="error" title={t('url_not_allowed.title')}>
          {t('url_not_allowed.description')}
        </Alert>
      ) : null}

      <Card title={t('setup.title')}>
        <div className="max-w-xl">
          <Field disabled={active}>
            <Label className="block text-sm font-medium text-slate-800">{t('setup.url_label')}</Label>
            <FieldInput className="mt-1.5" type="url" value={url} onChange={(event) => setUrl(event.target.value)} />
            <Description className="mt-1.5 text-sm text-slate-500">{t('setup.url_hint')}</Description>
          </Field>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          {status === 'stopped' ? (
            <Button onClick={() => recorder.start(url)} disabled={!recorder.installed}>
              <RecordIcon className="size-4" />
              {t('controls.start')}
            </Button>
          ) : (
            <>
              {status === 'recording' ? (
                <Button variant="secondary" onClick={recorder.pause}>
                  <PauseIcon className="size-4" />
                  {t('controls.pause')}
                </Button>
              ) : (
                <Button onClick={recorder.resume}>
                  <PlayIcon className="size-4" />
                  {t('controls.resume')}
                </Button>
              )}
              <Button variant="destructive" onClick={recorder.stop}>
                <StopIcon className="size-4" />
                {t('controls.stop')}
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={recorder.showWindow} disabled={!recorder.hasWindow}>
            <WindowIcon className="size-4" />
            {t('controls.show_window')}
          </Button>
          <Button variant="ghost" onClick={recorder.clearSteps} disabled={steps.length === 0}>
            <TrashIcon className="size-4" />
            {t('controls.clear')}
          </Button>
        </div>
      </Card>

      <StepList steps={steps} pictures={recorder.pictures} onEdit={setEditing} onDelete={recorder.deleteStep} onUseRecordedSignIn={recorder.useRecordedSignInSteps} />

      {secrets.length ? (
        <Alert variant="success" title={t('secrets.title')}>
          {t('secrets.description', { names: secrets.join(', ') })}
        </Alert>
      ) : null}

      {inputs.length ? (
        <Alert variant="success" title={t('inputs.title')}>
          {t('inputs.description', { names: inputs.join(', ') })}
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-end justify-end gap-2">
        <SelectInput
          className="min-w-64"
          label={t('save.workflow_label')}
          value={target}
          options={[
            { value: NEW_WORKFLOW, label: t('save.new_workflow') },
            ...(workflows.data ?? []).map((workflow) => ({ value: workflow.id, label: workflow.name })),
          ]}
          onChange={setTarget}
        />
        <Button variant="secondary" onClick={() => handleSave(true)} title={t('footer.test_hint')} disabled={steps.length === 0 || save.isPending}>
          {t('footer.test')}
        </Button>
        <Button onClick={() => handleSave(false)} disabled={steps.length === 0 || save.isPending}>
          {t('footer.export')}
        </Button>
      </div>

      {active || steps.length > 0 ? (
        <RecordingOverlay
          status={status}
          stepCount={steps.length}
          onPause={recorder.pause}
          onResume={recorder.resume}
          onStop={recorder.stop}
        />
      ) : null}

      {editing ? (
        <EditStepDialog
          step={editing}
          onClose={() => setEditing(null)}
          onSave={(patch) => {
            recorder.updateStep(editing.id, patch);
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
