import type { InputHTMLAttributes, Ref } from 'react';
import { TextField } from './field';

interface MoneyFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'inputMode' | 'value' | 'onChange'
> {
  /** The visible label; say the currency in it ("Credit limit ($)"). */
  label: string;
  /** The dollars as typed ("1,234.50", "$5"): the caller reads them with `parseDollars` of the money module. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The input attributes of every dollars field: for an input that react-hook-form registers, spread these. */
export const moneyInputProps = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * An amount of money typed in dollars, kept as the text typed: a text input with the decimal keypad on phones, so
 * "1,234.50" and "$5" reach the one parser (`parseDollars`, which turns them into cents by string arithmetic) instead
 * of a number input that would drop them. Every form that takes dollars draws this.
 */
export function MoneyField({ value, onChange, ...props }: MoneyFieldProps) {
  return (
    <TextField
      {...moneyInputProps}
      {...props}
      type="text"
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
