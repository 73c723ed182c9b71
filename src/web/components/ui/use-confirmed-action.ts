import { useState } from 'react';
import { notify } from '@/lib/notify';

/**
 * The action behind a confirmation dialog: busy while it runs, a toast on success, and on failure the server's
 * words kept in the dialog (which stays open) so nothing is lost.
 */
export function useConfirmedAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<unknown>, success: string, onDone: () => void) => {
    setBusy(true);
    setError('');
    try {
      await action();
      void notify('success', success);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(''), run };
}
