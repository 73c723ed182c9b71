import { useState } from 'react';
import { shopInfo } from '@/lib/shop-info';
import { signInSocial } from '../api/sign-in-social';
import { ButtonSpinner } from '@/components/ui/submit-button';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue With google" button. It asks the server for the provider's address and leaves for it;
 * `from` is the path to return to. When the shop has no social provider it says so instead of navigating.
 */
export function SocialSignIn({ from }: { from: string }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    const provider = shopInfo().social;
    if (!provider) {
      setMessage('Social sign-in is not configured for this shop.');
      return;
    }
    setMessage('');
    setBusy(true);
    try {
      await signInSocial(provider, from);
    } catch (e) {
      setMessage((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn btn-outline w-full" onClick={onClick} disabled={busy}>
        {busy ? <ButtonSpinner /> : <GoogleMark />}
        Continue With google
      </button>
      <p role="status" className={message ? 'text-sm text-base-content/80' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}
