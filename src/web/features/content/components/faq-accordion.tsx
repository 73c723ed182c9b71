import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../faq';

/**
 * An accordion following the WAI-ARIA Authoring Practices accordion pattern: every header is an <h2> holding a
 * <button aria-expanded aria-controls>, every panel a labelled region that is `hidden` while collapsed.
 * Any number of panels may be open at once; the first one is open to begin with.
 */
export function FaqAccordion({ items, defaultOpen }: { items: FaqItem[]; defaultOpen?: string[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(defaultOpen ?? (items[0] ? [items[0].id] : [])),
  );

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 shadow-sm">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <h2 className="text-base font-semibold sm:text-lg">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex w-full cursor-pointer items-center justify-between gap-4 rounded-box px-4 py-4 text-left hover:bg-base-200 sm:px-6"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-primary transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="space-y-3 px-4 pb-5 leading-relaxed text-base-content/80 sm:px-6"
            >
              {item.answer.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
              {item.code && (
                // Focusable so keyboard users can scroll a long line sideways on narrow screens.
                <pre
                  tabIndex={0}
                  className="overflow-x-auto rounded-field bg-neutral p-4 text-sm leading-snug text-neutral-content"
                >
                  <code>{item.code}</code>
                </pre>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
