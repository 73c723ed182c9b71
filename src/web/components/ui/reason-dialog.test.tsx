import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReasonDialog } from './reason-dialog';

const check = (text: string) =>
  text.trim()
    ? ({ ok: true, text: text.trim() } as const)
    : ({ ok: false, message: 'Tell the buyer why' } as const);

function open(props: Partial<Parameters<typeof ReasonDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ReasonDialog
      title="Reject return?"
      confirmLabel="Reject"
      check={check}
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    >
      The buyer is mailed your reason.
    </ReasonDialog>,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Reject return?' }) };
}

describe('ReasonDialog', () => {
  it('asks for the reason in a labelled field and sends it, trimmed, from the keyboard', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = open();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('The buyer is mailed your reason.'));
    await user.click(screen.getByLabelText('Reason'));
    await user.keyboard('  Worn by use  ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Worn by use');
  });

  it('refuses a text the check refuses, beside the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { onConfirm } = open({ label: 'Reason for the buyer' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const field = screen.getByLabelText('Reason for the buyer');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Tell the buyer why');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and closes with Escape", async () => {
    const user = userEvent.setup();
    const { onClose } = open({ error: 'This return was already decided.' });
    expect(screen.getByRole('alert')).toHaveTextContent('This return was already decided.');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
