import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/ai-prompt')({
  staticData: { titleKey: 'pages.ai_prompt' },
  component: AiPromptPage,
});

function AiPromptPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.ai_prompt')} />;
}
