import { useId } from 'react';
import { newsInputSchema, type NewsItem } from '@shared/news/news.schema';
import { messages } from '@shared/messages';
import { notify } from '@/lib/notify';
import { FormError } from '@/components/ui/error-text';
import { TextAreaField, TextField } from '@/components/ui/field';
import { sameNames, sentence } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';
import { useCreateNews } from '../api/create-news';
import { useUpdateNews } from '../api/update-news';
import { SubmitButton } from '@/components/ui/submit-button';

const fields = ['title', 'name', 'body'] as const;

/**
 * Publishes a new article, or edits `item`. Plain text: paragraphs are separated by blank lines and the site
 * always shows the body as text. `onDone` runs after a successful save (and on Cancel while editing).
 */
export function NewsForm({
  item,
  defaultAuthor = '',
  onDone,
}: {
  item?: NewsItem | undefined;
  defaultAuthor?: string | undefined;
  onDone: (saved: NewsItem | null) => void;
}) {
  const bodyId = useId();
  const createNews = useCreateNews();
  const updateNews = useUpdateNews();
  const empty = { title: '', name: defaultAuthor, body: '' };
  const form = useApiForm(newsInputSchema, {
    defaultValues: item ? { title: item.title, name: item.name, body: item.body } : empty,
    formField: sameNames(fields),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.submitWith(async (values) => {
    const saved = item ? await updateNews(item._id, values) : await createNews(values);
    void notify('success', messages.updated);
    if (!item) form.reset(empty);
    onDone(saved);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Title"
        autoComplete="off"
        maxLength={200}
        // Editing starts here: the Edit button of an article brings the form to it.
        autoFocus={!!item}
        error={sentence(errors.title?.message)}
        {...register('title')}
      />
      <TextField
        label="Author name"
        autoComplete="name"
        maxLength={100}
        error={sentence(errors.name?.message)}
        {...register('name')}
      />
      <TextAreaField
        label="Body"
        rows={10}
        maxLength={20_000}
        id={bodyId}
        aria-describedby={`${bodyId}-hint${errors.body ? ` ${bodyId}-error` : ''}`}
        error={sentence(errors.body?.message)}
        {...register('body')}
      />
      <p id={`${bodyId}-hint`} className="-mt-3 text-sm text-base-content/70">
        Plain text. Leave a blank line between paragraphs.
      </p>
      <FormError message={errors.root?.server?.message} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} className="btn btn-primary w-full sm:w-auto">
          {item ? 'Save changes' : 'Publish'}
        </SubmitButton>
        {item && (
          <button
            type="button"
            className="btn w-full sm:w-auto"
            disabled={isSubmitting}
            onClick={() => onDone(null)}
          >
            Cancel editing
          </button>
        )}
      </div>
    </form>
  );
}
