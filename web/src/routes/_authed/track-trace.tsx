import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/track-trace')({
  staticData: { titleKey: 'pages.track_trace' },
  component: TrackTracePage,
});

function TrackTracePage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.track_trace')} />;
}
