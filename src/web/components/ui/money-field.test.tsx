import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseDollars } from '@shared/common/money-parse';
import { MoneyField } from './money-field';

/** A form's use of it: the typed dollars, parsed to cents by the money module's parser, or its refusal. */
function Amount({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const parsed = parseDollars(text);
  return (
    <>
      <MoneyField
        label="Amount ($)"
        hint="In dollars"
        value={text}
        onChange={setText}
        error={text && !parsed.ok ? `Amount ${parsed.error}` : undefined}
      />
      <output>{parsed.ok ? parsed.cents : ''}</output>
    </>
  );
}

describe('MoneyField', () => {
  it('is labelled, keeps what is typed from the keyboard, and the parser reads it as cents', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const field = screen.getByLabelText('Amount ($)');
    expect(field).toHaveAttribute('inputMode', 'decimal');
    expect(field).toHaveAccessibleDescription('In dollars');
    await user.tab();
    expect(field).toHaveFocus();
    await user.keyboard('$1,234.5');
    expect(field).toHaveValue('$1,234.5');
    expect(screen.getByRole('status')).toHaveTextContent('123450');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error beside the field and marks it invalid', async () => {
    const user = userEvent.setup();
    render(<Amount initial="12" />);
    const field = screen.getByLabelText('Amount ($)');
    await user.type(field, '.345');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Amount must have at most 2 decimals'));
  });
});
