import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrustStats } from './trust-stats';

const observers: (() => void)[] = [];
const reveal = () => observers.forEach((show) => show());

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout'],
  });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        observers.push(() =>
          cb(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
        );
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  observers.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TrustStats', () => {
  it('waits at 0 until in view, then counts up to 129+, 10+ and 23+ over 3 seconds', () => {
    render(<TrustStats />);
    const customers = screen.getByTestId('counter-customers');
    expect(customers).toHaveTextContent('0+');
    act(() => vi.advanceTimersByTime(1000));
    expect(customers).toHaveTextContent('0+');

    act(() => reveal());
    act(() => vi.advanceTimersByTime(1500));
    const midway = Number(customers.textContent!.replace('+', ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(129);

    act(() => vi.advanceTimersByTime(500));
    expect(Number(customers.textContent!.replace('+', ''))).toBeLessThan(129);

    act(() => vi.advanceTimersByTime(1100));
    expect(customers).toHaveTextContent('129+');
    expect(screen.getByTestId('counter-tools')).toHaveTextContent('10+');
    expect(screen.getByTestId('counter-reviews')).toHaveTextContent('23+');
  });

  it('gives screen readers the final figures', () => {
    render(<TrustStats />);
    expect(screen.getByText('129+ customers')).toBeInTheDocument();
    expect(screen.getByText('10+ tools')).toBeInTheDocument();
    expect(screen.getByText('23+ reviews')).toBeInTheDocument();
  });
});
