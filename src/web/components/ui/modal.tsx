import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { SubmitButton } from './submit-button';

/**
 * A modal on the native <dialog>: focus is trapped inside, Escape, the backdrop and the close button call
 * `onClose` (not while `busy`), and focus returns to the opener when it closes. `initialFocus` gets the focus on
 * opening (otherwise the first focusable element, or one with autoFocus, does). Rendered while open.
 */
export function Modal({
  title,
  children,
  busy = false,
  initialFocus,
  closeButton = true,
  describedBy,
  onClose,
}: {
  title: string;
  children: ReactNode;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** The × in the corner; a confirmation has its own Cancel button instead. */
  closeButton?: boolean;
  /** The id of the text that explains the dialog, read when it opens. */
  describedBy?: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect: its cleanup closes the dialog while it is still in the page, so focus returns to the opener.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    initialFocus?.current?.focus();
    return () => dialog.close?.();
    // Opens once; `initialFocus` is a stable ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        // Browsers turn Escape into `cancel`; this also covers environments without showModal().
        if (e.key === 'Escape') {
          e.preventDefault();
          // A confirmation opened from inside another dialog closes alone, not the dialog under it too.
          e.stopPropagation();
          close();
        }
      }}
    >
      <div className="modal-box">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {closeButton && (
            <button
              type="button"
              className="btn btn-sm btn-circle btn-ghost -mt-1 -mr-2"
              aria-label="Close"
              onClick={close}
              disabled={busy}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {children}
      </div>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} aria-hidden="true" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/** A form dialog's buttons: Cancel (closes it) and the submit button, both held while the form is sent. */
export function ModalFormActions({
  busy,
  onCancel,
  submitLabel,
  submitDisabled = false,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** The form is not ready to send yet (still loading what it edits). */
  submitDisabled?: boolean;
}) {
  return (
    <div className="modal-action mt-0 flex-wrap">
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <SubmitButton busy={busy} disabled={submitDisabled}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
