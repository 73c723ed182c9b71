import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BellRing } from 'lucide-react';
import { FormError } from '@/components/ui/error-text';
import { ButtonSpinner } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { useNotifyMe, useSetNotifyMe } from '../api/notify-me';

/**
 * "Notify me when it's back" for a product that cannot be ordered now: a signed-in customer asks for one mail when
 * it can be ordered again, and may withdraw the request; an anonymous visitor is offered the login page first.
 */
export function NotifyMe({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  const location = useLocation();
  const state = useNotifyMe(productId, signedIn);
  const setWaiting = useSetNotifyMe(productId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // After a press the pressed button is gone: focus goes to the one that replaces it, not back to the page's top.
  const pressed = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const waiting = state.data?.waiting ?? false;
  useEffect(() => {
    if (pressed.current) button.current?.focus();
  }, [waiting]);

  if (!signedIn)
    return (
      <p>
        <Link to={paths.login} state={{ from: location.pathname + location.search }} className="link">
          Sign in to be notified
        </Link>{' '}
        when this product is back in stock.
      </p>
    );

  const change = async (next: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      await setWaiting(next);
      pressed.current = true;
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <p role="status" className={waiting ? 'font-medium' : 'sr-only'}>
        {waiting ? "We'll email you when it's back in stock." : ''}
      </p>
      <button
        ref={button}
        type="button"
        className={waiting ? 'btn btn-outline' : 'btn btn-primary'}
        disabled={busy || state.isPending}
        onClick={() => void change(!waiting)}
      >
        {busy ? <ButtonSpinner /> : !waiting && <BellRing aria-hidden="true" className="size-4" />}
        {waiting ? 'Cancel notification' : "Notify me when it's back"}
      </button>
      <FormError message={error} />
    </div>
  );
}
