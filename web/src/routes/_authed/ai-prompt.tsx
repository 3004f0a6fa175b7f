import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AiPromptScreen } from '@/features/ai-prompt/components/ai-prompt-screen';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { useSaveDefinition } from '@/features/workflows/api/save-definition';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The AI prompt editor on a workflow of the organisation (?workflow=<id>); its workflows, definition and
// saving belong to the workflows feature.
export const Route = createFileRoute('/_authed/ai-prompt')({
  staticData: { titleKey: 'pages.ai_prompt' },
  validateSearch: (search: Record<string, unknown>): { workflow?: string } =>
    typeof search.workflow === 'string' && UUID.test(search.workflow) ? { workflow: search.workflow } : {},
  component: AiPromptPage,
});

function AiPromptPage() {
  const { workflow: workflowId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const workflows = useQuery(workflowsQueryOptions());
  const workflow = useQuery({ ...workflowQueryOptions(workflowId ?? ''), enabled: !!workflowId });
  const save = useSaveDefinition();
  return (
    <AiPromptScreen
      workflows={workflows.data}
      workflowId={workflowId}
      onSelectWorkflow={(id) => void navigate({ search: { workflow: id } })}
      workflow={{ data: workflowId ? workflow.data : undefined, isError: workflow.isError }}
      saving={save.isPending}
      onSave={(definition, onSaved) => workflowId && save.mutate({ id: workflowId, definition }, { onSuccess: onSaved })}
    />
  );
}
