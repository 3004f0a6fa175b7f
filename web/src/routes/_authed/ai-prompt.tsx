import { createFileRoute } from '@tanstack/react-router';
import { AiPromptScreen } from '@/features/ai-prompt/components/ai-prompt-screen';

export const Route = createFileRoute('/_authed/ai-prompt')({
  staticData: { titleKey: 'pages.ai_prompt' },
  component: AiPromptScreen,
});
