// /workflows: search, create, import (a Chrome Recorder recording or a Kollega export), the grid of
// workflow cards, a page at a time ("Visa fler"), and what each card's actions open. The search asks the server
// (name or description, over every workflow), a moment after the person stops typing. "Kör nu" of a workflow that
// runs only in a person's own browser (a "Logga in själv" step, or so set) offers "Kör i min webbläsare" instead.
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type InputDeclaration, inputDeclarations, needsPerson } from '@shared/schemas/definition';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Workflow } from '@shared/types/api';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TemplatesIcon, WorkflowIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { RunInBrowserDialog } from '@/features/attended/components/run-in-browser-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { ShowMore } from '@/components/ui/show-more';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useDebounced } from '@/hooks/use-debounced';
import { pageItems } from '@/lib/paging';
import { useCreateWorkflow } from '../api/create-workflow';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useDuplicateWorkflow } from '../api/duplicate-workflow';
import { workflowQueryOptions } from '../api/get-workflow';
import { workflowsQueryOptions } from '../api/get-workflows';
import { useImportWorkflow } from '../api/import-workflow';
import { isAttendedOnly, useRunWorkflow } from '../api/run-workflow';
import { useSetWorkflowStatus, useUpdateWorkflow } from '../api/update-workflow';
import { type WorkflowAction, WorkflowCard } from './workflow-card';
import { RunInputsDialog } from './run-inputs-dialog';
import { WorkflowFormDialog, type WorkflowFormOutput } from './workflow-form-dialog';
import { WorkflowStatsDialog } from './workflow-stats-dialog';
import { displayStatus } from './workflow-status-badge';

export const WORKFLOW_SKELETON_COUNT = 6;
export const WORKFLOW_SEARCH_DEBOUNCE_MS = 300;

/** A run in the person's own browser, and whether it is offered because the workflow runs nowhere else. */
type Browser = { attendedOnly: boolean };

const gridClasses = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

export function WorkflowsScreen() {
  const { t } = useTranslation('workflows');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), WORKFLOW_SEARCH_DEBOUNCE_MS);
  // While another search loads, the previous results stay (no skeleton flash between keystrokes).
  const workflows = useInfiniteQuery({ ...workflowsQueryOptions({ q: needle }), placeholderData: keepPreviousData });
  const shown = pageItems(workflows.data);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Workflow | null>(null);
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const [statistics, setStatistics] = useState<Workflow | null>(null);
  /** A run's input values being asked for: for a run on the servers, or in the person's browser (`browser`). */
  const [asking, setAsking] = useState<{ workflow: Workflow; inputs: InputDeclaration[]; browser?: Browser } | null>(null);
  const [browser, setBrowser] = useState<(Browser & { workflow: Workflow; inputs?: Record<string, string>; files?: Record<string, File> }) | null>(null);
  const queryClient = useQueryClient();

  const createWorkflow = useCreateWorkflow();
  const updateWorkflow = useUpdateWorkflow();
  const setStatus = useSetWorkflowStatus();
  const runWorkflow = useRunWorkflow();
  const duplicateWorkflow = useDuplicateWorkflow();
  const deleteWorkflow = useDeleteWorkflow();
  const importWorkflow = useImportWorkflow();
  const fileInput = useRef<HTMLInputElement>(null);

  const handleImportFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      notify.error(t('import.failed'), t('import.not_json'));
      return;
    }
    importWorkflow.mutate(content, {
      onSuccess: (created) => {
        notify.success(t('import.success'), t('import.success_description', { name: created.name }));
        void navigate({ to: '/workflows/$workflowId', params: { workflowId: created.id } });
      },
    });
  };

  const handleCreate = (values: WorkflowFormOutput) =>
    createWorkflow.mutate(values, {
      onSuccess: (created) => {
        setCreating(false);
        notify.success(t('toast.created'), t('toast.created_description', { name: created.name }));
        void navigate({ to: '/track-trace', search: { workflowId: created.id } });
      },
    });

  const handleUpdate = (values: WorkflowFormOutput) => {
    if (!editing) return;
    updateWorkflow.mutate(
      { id: editing.id, input: values },
      {
        onSuccess: () => {
          setEditing(null);
          notify.success(t('toast.updated'));
        },
      },
    );
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteWorkflow.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notify.success(t('toast.deleted'));
      },
    });
  };

  const startRun = (workflow: Workflow, inputs?: Record<string, string>, files?: Record<string, File>) =>
    runWorkflow.mutate(inputs ? { id: workflow.id, inputs, files } : workflow.id, {
      onSuccess: () => {
        setAsking(null);
        notify.success(t('toast.run_started'), t('toast.run_started_description', { name: workflow.name }));
      },
      onError: (error) => {
        if (!isAttendedOnly(error)) return;
        setAsking(null);
        setBrowser({ workflow, inputs, files, attendedOnly: true });
      },
    });

  /** Starts a run (on the servers, or in the person's browser), asking for its inputs' values first. */
  const prepareRun = (workflow: Workflow, how: Browser | null) =>
    void queryClient.fetchQuery(workflowQueryOptions(workflow.id)).then(
      (detail) => {
        const inputs = inputDeclarations(detail.definition);
        // A workflow that runs only in a person's browser is offered that instead of a refusal.
        const browserRun = how ?? (needsPerson(detail.definition) || detail.runLocation === 'attended' ? { attendedOnly: true } : null);
        if (inputs.length) setAsking({ workflow, inputs, ...(browserRun && { browser: browserRun }) });
        else if (browserRun) setBrowser({ workflow, ...browserRun });
        else startRun(workflow);
      },
      () => (how ? setBrowser({ workflow, ...how }) : startRun(workflow)),
    );

  const handleAction = (action: WorkflowAction, workflow: Workflow) => {
    switch (action) {
      case 'edit':
        return setEditing(workflow);
      case 'delete':
        return setDeleting(workflow);
      case 'statistics':
        return setStatistics(workflow);
      case 'run':
        return prepareRun(workflow, null);
      case 'run_in_browser':
        return prepareRun(workflow, { attendedOnly: false });
      case 'duplicate':
        return duplicateWorkflow.mutate(workflow.id, {
          onSuccess: (copy) => notify.success(t('toast.duplicated'), t('toast.duplicated_description', { name: copy.name })),
        });
      case 'toggle': {
        const status = displayStatus(workflow.status) === 'active' ? 'paused' : 'active';
        return setStatus.mutate(
          { id: workflow.id, status },
          {
            onSuccess: () => notify.success(status === 'paused' ? t('toast.paused') : t('toast.started')),
          },
        );
      }
    }
  };

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-3">
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              aria-label={t('import.input_label')}
              hidden
              onChange={(event) => void handleImportFile(event)}
            />
            <Button
              variant="secondary"
              onClick={() => fileInput.current?.click()}
              isPending={importWorkflow.isPending}
              pendingLabel={t('import.importing')}
            >
              {t('import.button')}
            </Button>
            <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
              <TemplatesIcon className="size-4" />
              {t('import_template_button')}
            </Link>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              {t('create_button')}
            </Button>
          </div>
        }
      />
      <SearchInput
        label={t('search_label')}
        placeholder={t('search_placeholder')}
        value={search}
        onChange={setSearch}
        className="max-w-md"
      />

      {workflows.isPending ? (
        <SkeletonList
          count={WORKFLOW_SKELETON_COUNT}
          label={t('loading')}
          className={gridClasses}
          itemClassName="h-52 rounded-xl"
        />
      ) : workflows.isError && !workflows.data ? (
        <LoadError
          title={t('error.title')}
          error={workflows.error}
          retryLabel={t('error.retry')}
          onRetry={() => void workflows.refetch()}
        />
      ) : shown.length === 0 && !needle ? (
        <EmptyState icon={WorkflowIcon} title={t('empty.title')} description={t('empty.description')}>
          <Button onClick={() => setCreating(true)}>
            <PlusIcon className="size-4" />
            {t('empty.action')}
          </Button>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={WorkflowIcon} title={t('no_match.title')} description={t('no_match.description')} />
      ) : (
        <>
          <ul aria-label={t('list_label')} aria-busy={workflows.isPlaceholderData || undefined} className={gridClasses}>
            {shown.map((workflow) => (
              <li key={workflow.id}>
                <WorkflowCard workflow={workflow} onAction={handleAction} />
              </li>
            ))}
          </ul>
          <ShowMore list={workflows} />
        </>
      )}

      <WorkflowFormDialog
        key={creating ? 'create-open' : 'create-closed'}
        open={creating}
        mode="create"
        isPending={createWorkflow.isPending}
        onClose={() => setCreating(false)}
        onSubmit={handleCreate}
      />
      <WorkflowFormDialog
        key={editing?.id ?? 'edit-closed'}
        open={editing !== null}
        mode="edit"
        workflow={editing ?? undefined}
        isPending={updateWorkflow.isPending}
        onClose={() => setEditing(null)}
        onSubmit={handleUpdate}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete_dialog.title')}
        description={t('delete_dialog.description', {
          name: deleting?.name ?? '',
        })}
        confirmLabel={t('delete_dialog.confirm')}
        cancelLabel={t('delete_dialog.cancel')}
        pendingLabel={t('delete_dialog.deleting')}
        isPending={deleteWorkflow.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
      <WorkflowStatsDialog workflow={statistics} onClose={() => setStatistics(null)} />
      {asking ? (
        <RunInputsDialog
          inputs={asking.inputs}
          title={t('run_inputs.run_title', { name: asking.workflow.name })}
          isPending={runWorkflow.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(values, files) => {
            if (!asking.browser) return startRun(asking.workflow, values, files);
            setBrowser({ workflow: asking.workflow, inputs: values, files, ...asking.browser });
            setAsking(null);
          }}
        />
      ) : null}
      {browser ? (
        <RunInBrowserDialog
          target={{ kind: 'workflow', workflowId: browser.workflow.id, name: browser.workflow.name, inputs: browser.inputs, files: browser.files }}
          attendedOnly={browser.attendedOnly}
          onClose={() => setBrowser(null)}
          onStarted={(runId) => void navigate({ to: '/workflow-execution/$runId', params: { runId } })}
        />
      ) : null}
    </section>
  );
}
