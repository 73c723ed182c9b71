import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatExpiry,
  parseExpiry,
} from '@shared/payments/card';
import { TEST_CARDS, testCardConfirmSchema } from '@shared/payments/payments.schema';
import { ApiError } from '@/lib/api-client';
import { fieldBorder } from '@/components/ui/field';
import { textAbout } from '@/lib/form-errors';
import { confirmTestCard } from '../api/confirm-test-card';
import type { CardFormProps } from './card-form-props';
import { SubmitButton } from '@/components/ui/submit-button';

/** Adds a shared card rule's message to a field the user has filled (an empty one says it is required). */
const rule = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx<string>) => {
  const message = value ? problem(value) : null;
  if (message) ctx.addIssue({ code: 'custom', message });
};

const cardFormSchema = z.object({
  cardNumber: testCardConfirmSchema.shape.cardNumber.superRefine(rule(cardNumberProblem)),
  expiry: testCardConfirmSchema.shape.expiry.superRefine(rule((value) => expiryProblem(value))),
  cvc: testCardConfirmSchema.shape.cvc.superRefine(rule(cvcProblem)),
});
type CardForm = z.infer<typeof cardFormSchema>;
const fields = ['cardNumber', 'expiry', 'cvc'] as const;

const group = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The payment provider is in test mode. Says so plainly, with the cards to try. */
export function TestModeNotice() {
  return (
    <div role="note" className="alert alert-info alert-soft flex flex-col items-start gap-2">
      <p>
        <span className="font-semibold">Test mode.</span> No real card is charged. Use{' '}
        <span className="font-mono whitespace-nowrap">{group(TEST_CARDS.success)}</span> with any future
        expiry date and any CVC.
      </p>
      <p className="text-sm">
        To try a failed payment:{' '}
        <span className="font-mono whitespace-nowrap">{group(TEST_CARDS.declined)}</span> (declined),{' '}
        <span className="font-mono whitespace-nowrap">{group(TEST_CARDS.insufficientFunds)}</span>{' '}
        (insufficient funds), <span className="font-mono whitespace-nowrap">{group(TEST_CARDS.expired)}</span>{' '}
        (expired card), <span className="font-mono whitespace-nowrap">{group(TEST_CARDS.incorrectCvc)}</span>{' '}
        (incorrect CVC).
      </p>
    </div>
  );
}

interface CardFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** The provider's answer: shown in red under the field and announced (its text is an alert region). */
  alert?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

function CardField({ label, error, alert, ref, className = '', ...input }: CardFieldProps) {
  const id = useId();
  const message = error || alert;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={`${fieldBorder(message)} input w-full font-mono`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...input}
      />
      {alert !== undefined ? (
        // Always in the page, so screen readers announce the provider's answer when it appears.
        <p id={`${id}-error`} role="alert" className={message ? 'text-sm text-error' : 'sr-only'}>
          {message}
        </p>
      ) : (
        message && (
          <p id={`${id}-error`} className="text-sm text-error">
            {message}
          </p>
        )
      )}
    </div>
  );
}

/** The built-in test processor's card form (the Stripe CardElement's stand-in), checked on the client first. */
export function TestCardForm({ clientSecret, billing, onSucceeded }: CardFormProps) {
  const [cardError, setCardError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardForm>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setCardError('');
    const expiry = parseExpiry(values.expiry)!;
    try {
      const result = await confirmTestCard({
        clientSecret,
        cardNumber: cardDigits(values.cardNumber),
        expiry: formatExpiry(expiry),
        cvc: values.cvc.trim(),
        name: billing.name,
        email: billing.email,
        phone: billing.phone,
      });
      onSucceeded(result.transactionId);
    } catch (e) {
      // 402: the provider's words ("Your card was declined."); 400: they name the field ("cvc: …").
      const field = e instanceof ApiError ? fields.find((f) => f === e.field) : undefined;
      const message = field ? textAbout((e as Error).message, field) : (e as Error).message;
      if (field && field !== 'cardNumber') setError(field, { message });
      else setCardError(message);
    }
  });

  const cardNumber = register('cardNumber', { onChange: () => setCardError('') });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <CardField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        error={errors.cardNumber?.message}
        alert={cardError}
        {...cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <CardField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <PayButton busy={isSubmitting} disabled={!clientSecret} />
    </form>
  );
}

/** Disabled until the payment intent's client secret exists. */
export function PayButton({ busy = false, disabled = false }: { busy?: boolean; disabled?: boolean }) {
  return (
    <div>
      <SubmitButton busy={busy} disabled={disabled} className="btn btn-primary w-full sm:w-auto sm:min-w-40">
        Pay
      </SubmitButton>
    </div>
  );
}
