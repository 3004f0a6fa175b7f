import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AiPromptScreen } from '@/features/ai-prompt/components/ai-prompt-screen';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { workflowPickerQueryOptions } from '@/features/workflows/api/get-workflows';
import { useSaveDefinition } from '@/features/workflows/api/save-definition';

// The AI prompt editor on a workflow of the organisation; its workflows, definition and saving belong to
// the workflows feature. The chosen workflow is page state (no search parameter: route options ship with
// every page, and the first-load budget has no room).
export const Route = createFileRoute('/_authed/ai-prompt')({
  staticData: { titleKey: 'pages.ai_prompt' },
  component: AiPromptPage,
});

function AiPromptPage() {
  const [workflowId, setWorkflowId] = useState<string>();
  const workflows = useQuery(workflowPickerQueryOptions());
  const workflow = useQuery({ ...workflowQueryOptions(workflowId ?? ''), enabled: !!workflowId });
  const save = useSaveDefinition();
  return (
    <AiPromptScreen
      workflows={workflows.data}
      workflowId={workflowId}
      onSelectWorkflow={setWorkflowId}
      workflow={{ data: workflowId ? workflow.data : undefined, isError: workflow.isError }}
      saving={save.isPending}
      onSave={(definition, onSaved) => workflowId && save.mutate({ id: workflowId, definition }, { onSuccess: onSaved })}
    />
  );
}
