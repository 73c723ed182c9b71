import { describe, expect, it } from 'vitest';
import { comboboxKey } from './combobox-keys';

const closed = { open: false, active: -1 };
const press = (state: { open: boolean; active: number }, key: string, count = 3, altKey = false) =>
  comboboxKey(state, { key, altKey }, count);

describe('navbar combobox keys', () => {
  it('ArrowDown opens the list, then moves down and wraps to the first option', () => {
    const opened = press(closed, 'ArrowDown');
    expect(opened.state).toEqual({ open: true, active: -1 });
    expect(opened.handled).toBe(true);
    expect(press(opened.state, 'ArrowDown').state.active).toBe(0);
    expect(press({ open: true, active: 2 }, 'ArrowDown').state.active).toBe(0);
  });

  it('ArrowUp moves up and wraps to the last option; on a closed list it opens at the last', () => {
    expect(press({ open: true, active: 0 }, 'ArrowUp').state.active).toBe(2);
    expect(press({ open: true, active: 2 }, 'ArrowUp').state.active).toBe(1);
    expect(press(closed, 'ArrowUp').state).toEqual({ open: true, active: 2 });
  });

  it('Alt+ArrowDown opens without choosing', () => {
    expect(press(closed, 'ArrowDown', 3, true).state).toEqual({ open: true, active: -1 });
    expect(press({ open: true, active: 1 }, 'ArrowDown', 3, true).state.active).toBe(1);
  });

  it('Enter goes to the highlighted option, or searches the text when none is', () => {
    expect(press({ open: true, active: 1 }, 'Enter').action).toEqual({ type: 'select', index: 1 });
    expect(press({ open: true, active: -1 }, 'Enter').action).toEqual({ type: 'submit' });
    expect(press(closed, 'Enter').action).toEqual({ type: 'submit' });
    // The options changed under the highlight: search instead of picking a missing one.
    expect(press({ open: true, active: 5 }, 'Enter').action).toEqual({ type: 'submit' });
  });

  it('Escape closes an open list, and empties the field when the list is closed', () => {
    const first = press({ open: true, active: 1 }, 'Escape');
    expect(first.state).toEqual(closed);
    expect(first.action.type).toBe('none');
    expect(press(closed, 'Escape').action).toEqual({ type: 'clear' });
  });

  it('with no options the arrows move nothing', () => {
    expect(press({ open: true, active: -1 }, 'ArrowDown', 0).state.active).toBe(-1);
    expect(press({ open: true, active: -1 }, 'ArrowUp', 0).state.active).toBe(-1);
  });

  it('Tab closes and lets the focus move on; text keys are left to the field', () => {
    const tab = press({ open: true, active: 0 }, 'Tab');
    expect(tab.state).toEqual(closed);
    expect(tab.handled).toBe(false);
    for (const key of ['a', 'Home', 'End', 'ArrowLeft', 'Backspace']) {
      expect(press({ open: true, active: 0 }, key)).toMatchObject({
        handled: false,
        action: { type: 'none' },
      });
    }
  });
});
