// "What would you like to do today?" with the three ways in (SPEC §2 dashboard).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CursorIcon, type IconComponent, PlayCircleIcon, WorkflowIcon } from '@/components/ui/icons';

type Choice = {
  to: '/track-trace' | '/workflows' | '/workflow-execution';
  key: 'record' | 'create' | 'status';
  icon: IconComponent;
};

const choices: Choice[] = [
  { to: '/track-trace', key: 'record', icon: CursorIcon },
  { to: '/workflows', key: 'create', icon: WorkflowIcon },
  { to: '/workflow-execution', key: 'status', icon: PlayCircleIcon },
];

export function HomePrompt() {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="home-prompt-title"
      className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm"
    >
      <h2 id="home-prompt-title" className="text-xl font-semibold">
        {t('home_prompt.title')}
      </h2>
      <p className="mt-1 text-sm text-indigo-100">{t('home_prompt.description')}</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-3">
        {choices.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-lg bg-white/10 p-4 ring-1 ring-white/20 transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              <Icon className="size-6 shrink-0" />
              <span>
                <span className="block font-semibold">{t(`home_prompt.${key}`)}</span>
                <span className="block text-sm text-indigo-100">{t(`home_prompt.${key}_description`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
