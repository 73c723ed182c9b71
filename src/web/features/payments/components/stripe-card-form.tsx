import { useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { SubmitButton } from '@/components/ui/submit-button';
import type { CardFormProps } from './card-form-props';

// Loaded only with this chunk, and only when the server's provider is Stripe: Stripe.js stays off every other page.
// This module imports nothing but types from the payment page's chunk (see dashboard-routes.tsx for why).
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) stripes.set(publishableKey, (stripe = loadStripe(publishableKey)));
  return stripe;
};

function StripeCardFields({ clientSecret, billing, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setError('');
    try {
      const { error: cardError, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (cardError) setError(cardError.message ?? 'Your card could not be charged.');
      else if (paymentIntent?.status === 'succeeded') {
        onSucceeded(paymentIntent.id);
        return;
      } else setError('The payment was not completed. Please try again.');
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span id={labelId} className="font-medium">
          Card details
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={errorId}
          className={`rounded-field border bg-base-100 px-3 py-3 ${error ? 'border-error' : 'border-base-content/50'}`}
        >
          <CardElement
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: '16px', color: '#111827' }, invalid: { color: '#b91c1c' } },
            }}
            onChange={() => setError('')}
          />
        </div>
        <p id={errorId} role="alert" className={error ? 'text-sm text-error' : 'sr-only'}>
          {error}
        </p>
      </div>
      <div>
        <SubmitButton
          busy={busy}
          disabled={!stripe || !elements || !clientSecret}
          className="btn btn-primary w-full sm:w-auto sm:min-w-40"
        >
          Pay
        </SubmitButton>
      </div>
    </form>
  );
}

/** Stripe's CardElement and confirmCardPayment (billing name, email and phone). */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
