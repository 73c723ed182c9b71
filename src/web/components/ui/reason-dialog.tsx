import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { TextAreaField } from './field';

/**
 * A confirmation that asks for a text the other person will read (a rejection's or a decline's reason, a return's
 * instructions). `check` says why the text will not do (shown beside the field, nothing sent) or returns the text to
 * send; `error` is the server's answer when the action failed.
 */
export function ReasonDialog({
  title,
  children,
  label = 'Reason',
  hint,
  maxLength = 1000,
  confirmLabel,
  cancelLabel,
  busy = false,
  error,
  check,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What confirming does, and who reads the text. */
  children: ReactNode;
  label?: string;
  hint?: string | undefined;
  maxLength?: number;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | undefined;
  check: (text: string) => { ok: true; text: string } | { ok: false; message: string };
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      {...(cancelLabel && { cancelLabel })}
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        const checked = check(text);
        setInvalid(checked.ok ? '' : checked.message);
        if (checked.ok) onConfirm(checked.text);
      }}
    >
      <p className="mb-3">{children}</p>
      <TextAreaField
        label={label}
        hint={hint}
        maxLength={maxLength}
        value={text}
        error={invalid}
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </ConfirmDialog>
  );
}
