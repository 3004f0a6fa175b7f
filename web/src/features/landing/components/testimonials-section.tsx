import { useTranslation } from 'react-i18next';
import { QuoteIcon } from '@/components/ui/icons';
import { SectionHeading } from './section-heading';

const testimonials = ['property', 'finance', 'hr'] as const;

export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-title" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {testimonials.map((id) => (
            <li key={id}>
              <figure className="flex h-full flex-col rounded-2xl bg-slate-50 p-8 ring-1 ring-slate-900/5">
                <QuoteIcon className="size-8 text-indigo-300" />
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-700">
                  <p>{t(`testimonials.items.${id}.quote`)}</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-slate-200 pt-4">
                  <p className="font-semibold text-slate-900">{t(`testimonials.items.${id}.name`)}</p>
                  <p className="text-sm text-slate-500">{t(`testimonials.items.${id}.role`)}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
