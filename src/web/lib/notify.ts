import { useSyncExternalStore } from 'react';
import type * as Sonner from 'sonner';

// The toast library is loaded on the first toast, not with the first page (docs/decisions/004).
let sonner: Promise<typeof Sonner> | undefined;
let requested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const listeners = new Set<() => void>();

export const loadSonner = () => (sonner ??= import('sonner'));

/** The toaster host renders once this is true. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => requested,
    // A server-rendered page starts without toasts, and so does its hydration.
    () => false,
  );
}

export const toasterMounted = () => markMounted();

export type NotifyKind = 'success' | 'error' | 'info';

/** Shows a toast; safe to call before the toast library has loaded. */
export async function notify(kind: NotifyKind, message: string): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  const { toast } = await loadSonner();
  await mounted;
  toast[kind](message);
}
