import { useId, type ReactNode } from 'react';
import { ErrorText } from './error-text';
import { Modal } from './modal';
import { SubmitButton } from './submit-button';

/**
 * A modal confirmation: Cancel (focused first, so Enter does not confirm by accident), Escape or the backdrop
 * call `onClose`. `error` is the server's answer when the action failed: the dialog stays open and says why.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that dismisses the dialog. */
  cancelLabel?: string;
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const bodyId = useId();
  return (
    <Modal title={title} busy={busy} closeButton={false} describedBy={bodyId} onClose={onClose}>
      <div id={bodyId} className="py-4">
        {children}
        <ErrorText error={error} alert className="mt-3" />
      </div>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn" onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </button>
        <SubmitButton type="button" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </SubmitButton>
      </div>
    </Modal>
  );
}
