/**
 * @vitest-environment jsdom
 * happy-dom 21 moves Tab focus into a focusable <pre> out of document order (docs/decisions/032-test-suite-time.md,
 * "A lighter DOM").
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faq } from '../faq';
import { FaqAccordion } from './faq-accordion';

const questions = [
  'How to improve the performance of a React application?',
  'What are the different ways to manage state in a React application?',
  'How does prototypal inheritance work?',
  'Why should you not set the state directly in React?',
  'What is a unit test? Why should we write unit tests?',
];

function panelOf(button: HTMLElement) {
  const id = button.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  const panel = document.getElementById(id!);
  expect(panel).not.toBeNull();
  return panel!;
}

describe('FaqAccordion', () => {
  it('renders the five questions as h2 buttons, the first one expanded', () => {
    render(<FaqAccordion items={faq} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(5);
    questions.forEach((q, i) => {
      const button = screen.getByRole('button', { name: q });
      expect(button).toBe(buttons[i]);
      expect(button.closest('h2')).not.toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: q })).toBeInTheDocument();
    });

    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = panelOf(buttons[0]!);
    expect(firstPanel).toBeVisible();
    expect(firstPanel).toHaveAttribute('role', 'region');
    expect(firstPanel).toHaveAttribute('aria-labelledby', buttons[0]!.id);
    expect(screen.getByRole('region', { name: questions[0] })).toBe(firstPanel);

    for (const button of buttons.slice(1)) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(panelOf(button)).not.toBeVisible();
    }
    // Only the open panel is exposed as a region.
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('toggles a panel on click and keeps others open', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={faq} />);
    const third = screen.getByRole('button', { name: questions[2] });
    const panel = panelOf(third);
    expect(panel).not.toBeVisible();

    await user.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByText(/This chain of objects is the prototype chain/)).toBeVisible();
    // The first panel stays open: several may be open at once.
    expect(screen.getByRole('button', { name: questions[0] })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(2);

    await user.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('works from the keyboard with Tab, Enter and Space', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={faq} />);
    const first = screen.getByRole('button', { name: questions[0] });
    const second = screen.getByRole('button', { name: questions[1] });

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf(first)).not.toBeVisible();

    // The first panel is now closed, so the next tab stop is the second header.
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf(second)).toBeVisible();

    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('renders code examples in pre/code blocks', () => {
    render(<FaqAccordion items={faq} defaultOpen={faq.map((f) => f.id)} />);
    const codes = document.querySelectorAll('pre > code');
    expect(codes.length).toBe(faq.filter((f) => f.code).length);
  });
});

describe('faq data', () => {
  it('has exactly five questions with two to four paragraphs each', () => {
    expect(faq.map((f) => f.question)).toEqual(questions);
    expect(new Set(faq.map((f) => f.id)).size).toBe(5);
    for (const item of faq) {
      expect(item.answer.length).toBeGreaterThanOrEqual(2);
      expect(item.answer.length).toBeLessThanOrEqual(4);
    }
  });
});
