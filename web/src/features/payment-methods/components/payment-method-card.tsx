import type { PaymentMethod } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { BanknotesIcon, CreditCardIcon, PencilIcon, StarIcon, StarSolidIcon, TrashIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatExpiry, paymentMethodSummary } from './payment-method-summary';

type PaymentMethodCardProps = {
  method: PaymentMethod;
  /** Admins only; others see the card without actions. */
  canManage: boolean;
  isMakingDefault: boolean;
  onEdit: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
  onMakeDefault: (method: PaymentMethod) => void;
};

export function PaymentMethodCard({
  method,
  canManage,
  isMakingDefault,
  onEdit,
  onDelete,
  onMakeDefault,
}: PaymentMethodCardProps) {
  const { t } = useTranslation('payment_methods');
  const Icon = method.type === 'card' ? CreditCardIcon : BanknotesIcon;
  const expiry = formatExpiry(method.metadata.expiryMonth, method.metadata.expiryYear);
  const facts: Array<[string, string]> = [
    ...(method.metadata.provider ? [[t('card.provider'), method.metadata.provider] as [string, string]] : []),
    ...(method.metadata.holderName ? [[t('card.holder'), method.metadata.holderName] as [string, string]] : []),
    ...(expiry ? [[t('card.expiry'), expiry] as [string, string]] : []),
  ];
  return (
    <article aria-label={method.name} className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
            <Icon className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
              <span className="truncate">{method.name}</span>
              {method.isDefault ? (
                <>
                  <StarSolidIcon className="size-4 shrink-0 text-amber-400" />
                  <span className="sr-only">{t('card.default')}</span>
                </>
              ) : null}
            </h2>
            <p className="truncate font-mono text-sm text-slate-600">{paymentMethodSummary(method, t)}</p>
          </div>
        </div>
        <Badge tone={method.type === 'card' ? 'indigo' : method.type === 'bank_account' ? 'sky' : 'slate'}>
          {t(`types.${method.type}`)}
        </Badge>
      </div>
      {facts.length > 0 ? (
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {canManage ? (
        <div className="mt-auto pt-4">
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('card.edit_named', { name: method.name })}
              onClick={() => onEdit(method)}
            >
              <PencilIcon className="size-4" />
              {t('card.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('card.delete_named', { name: method.name })}
              onClick={() => onDelete(method)}
            >
              <TrashIcon className="size-4" />
              {t('card.delete')}
            </Button>
            {method.isDefault ? null : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('card.make_default_named', { name: method.name })}
                isPending={isMakingDefault}
                pendingLabel={t('card.make_default')}
                onClick={() => onMakeDefault(method)}
              >
                <StarIcon className="size-4" />
                {t('card.make_default')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </article>
  );
}
