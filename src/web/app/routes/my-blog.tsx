import { FaqAccordion } from '@/features/content/components/faq-accordion';
import { faq } from '@/features/content/faq';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('My Blog');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">My Blog</h1>
        <p className="mx-auto mt-3 max-w-2xl text-base-content/75">
          Short answers to questions I am often asked about React, JavaScript and testing.
        </p>
      </header>
      <FaqAccordion items={faq} />
    </div>
  );
}
