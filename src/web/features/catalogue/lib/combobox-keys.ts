/** The navbar combobox's keyboard rules (ARIA combobox pattern with a list popup), apart from the DOM to test them. */
export interface ComboboxState {
  open: boolean;
  /** Index of the highlighted option; -1: none (the focus stays on the text). */
  active: number;
}

export type ComboboxAction =
  | { type: 'none' }
  /** Go to the highlighted option. */
  | { type: 'select'; index: number }
  /** Search for the typed text. */
  | { type: 'submit' }
  /** Empty the field. */
  | { type: 'clear' };

export interface KeyResult {
  state: ComboboxState;
  action: ComboboxAction;
  /** Whether the browser's own handling of the key must be stopped. */
  handled: boolean;
}

const result = (
  state: ComboboxState,
  action: ComboboxAction = { type: 'none' },
  handled = true,
): KeyResult => ({
  state,
  action,
  handled,
});

/**
 * ArrowDown/ArrowUp open the list and move through it (wrapping), Alt+ArrowDown only opens it, Enter goes to the
 * highlighted option or searches the text, Escape closes the list or, when closed, empties the field, Tab closes
 * it and moves on. Other keys (Home, End, characters) edit the text as usual.
 */
export function comboboxKey(
  state: ComboboxState,
  key: { key: string; altKey?: boolean },
  optionCount: number,
): KeyResult {
  const last = optionCount - 1;
  switch (key.key) {
    case 'ArrowDown':
      if (!state.open || key.altKey) return result({ open: true, active: state.open ? state.active : -1 });
      if (optionCount === 0) return result(state);
      return result({ open: true, active: state.active >= last ? 0 : state.active + 1 });
    case 'ArrowUp':
      if (optionCount === 0) return result({ open: true, active: -1 });
      if (!state.open) return result({ open: true, active: last });
      return result({ open: true, active: state.active <= 0 ? last : state.active - 1 });
    case 'Enter':
      if (state.open && state.active >= 0 && state.active <= last)
        return result({ open: false, active: -1 }, { type: 'select', index: state.active });
      return result({ open: false, active: -1 }, { type: 'submit' });
    case 'Escape':
      if (state.open) return result({ open: false, active: -1 });
      return result(state, { type: 'clear' });
    case 'Tab':
      return result({ open: false, active: -1 }, { type: 'none' }, false);
    default:
      return result(state, { type: 'none' }, false);
  }
}
