// Add or edit a payment method (SPEC §5): fields follow the type; hidden fields are emptied so the
// schema the server shares never sees a card number on a bank account.
import {
  PAYMENT_METHOD_TYPES,
  type PaymentMethodInput,
  type PaymentMethodPayload,
  paymentMethodSchema,
} from '@shared/schemas/payment-methods';
import type { PaymentMethod } from '@shared/types/api';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';

type PaymentMethodFormDialogProps = {
  open: boolean;
  method: PaymentMethod | null;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (values: PaymentMethodPayload) => void;
};

export function PaymentMethodFormDialog({ open, method, isPending, onClose, onSubmit }: PaymentMethodFormDialogProps) {
  const { t } = useTranslation('payment_methods');
  return (
    <Dialog open={open} onClose={onClose} title={method ? t('form.edit_title') : t('form.add_title')}>
      {open ? (
        <PaymentMethodForm key={method?.id ?? 'new'} method={method} isPending={isPending} onCancel={onClose} onSubmit={onSubmit} />
      ) : null}
    </Dialog>
  );
}

type PaymentMethodFormProps = {
  method: PaymentMethod | null;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (values: PaymentMethodPayload) => void;
};

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

function PaymentMethodForm({ method, isPending, onCancel, onSubmit }: PaymentMethodFormProps) {
  const { t } = useTranslation('payment_methods');
  const form = useZodForm(paymentMethodSchema, {
    name: method?.name ?? '',
    type: method?.type ?? 'card',
    cardLastFour: method?.cardLastFour ?? '',
    bankAccount: method?.bankAccount ?? '',
    metadata: {
      holderName: method?.metadata.holderName ?? '',
      provider: method?.metadata.provider ?? '',
      expiryMonth: text(method?.metadata.expiryMonth),
      expiryYear: text(method?.metadata.expiryYear),
    },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const { setValue } = form;

  useEffect(() => {
    if (type !== 'card') {
      setValue('cardLastFour', '');
      setValue('metadata.expiryMonth', '');
      setValue('metadata.expiryYear', '');
    }
    if (type !== 'bank_account') setValue('bankAccount', '');
  }, [type, setValue]);

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={method ? t('form.edit_title') : t('form.add_title')} className="space-y-4">
      <Field<PaymentMethodInput> autoFocus name="name" label={t('form.name_label')} placeholder={t('form.name_placeholder')} />
      <SelectField<PaymentMethodInput>
        name="type"
        label={t('form.type_label')}
        options={PAYMENT_METHOD_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
      />
      {type === 'card' ? (
        <Field<PaymentMethodInput> name="cardLastFour" label={t('form.card_last_four_label')} inputMode="numeric" autoComplete="off" />
      ) : null}
      {type === 'bank_account' ? (
        <Field<PaymentMethodInput> name="bankAccount" label={t('form.bank_account_label')} autoComplete="off" />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field<PaymentMethodInput> name="metadata.holderName" label={t('form.holder_label')} autoComplete="off" />
        <Field<PaymentMethodInput> name="metadata.provider" label={t('form.provider_label')} autoComplete="off" />
        {type === 'card' ? (
          <>
            <Field<PaymentMethodInput> name="metadata.expiryMonth" type="number" inputMode="numeric" label={t('form.expiry_month_label')} />
            <Field<PaymentMethodInput> name="metadata.expiryYear" type="number" inputMode="numeric" label={t('form.expiry_year_label')} />
          </>
        ) : null}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel={t('form.saving')}>
          {method ? t('form.save') : t('form.add_submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
