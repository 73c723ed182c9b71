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

/**
 * The confirmation about one item of a list: `ask(item)` opens it (without the error of an earlier attempt),
 * `confirm` runs the action on it and closes it when it succeeds.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const { busy, error, clearError, run } = useConfirmedAction();
  const close = () => setTarget(null);
  const ask = (item: T) => {
    clearError();
    setTarget(item);
  };
  const confirm = (action: (item: T) => Promise<unknown>, success: string, onDone?: (item: T) => void) => {
    if (!target) return;
    void run(
      () => action(target),
      success,
      () => {
        onDone?.(target);
        close();
      },
    );
  };
  return { target, busy, error, ask, close, confirm };
}
