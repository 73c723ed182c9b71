import { useId, useState, type ChangeEvent } from 'react';
import { UserRound } from 'lucide-react';
import { messages } from '@shared/messages';
import { ACCEPTED_IMAGE_TYPES } from '@shared/media/media.schema';
import { notify } from '@/lib/notify';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { useUpdateProfile } from '../api/update-profile';
import { fieldBorder } from '@/components/ui/field';
import { ButtonSpinner } from '@/components/ui/submit-button';

export function Avatar({ image, name }: { image: string | null | undefined; name: string }) {
  return image ? (
    <img
      src={image}
      alt={`Profile photo of ${name}`}
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-full border border-base-300 object-cover"
    />
  ) : (
    <div
      role="img"
      aria-label="No profile picture yet"
      className="flex size-24 shrink-0 items-center justify-center rounded-full bg-base-300 text-base-content/60"
    >
      <UserRound aria-hidden="true" className="size-12" />
    </div>
  );
}

/** The photo must be an image file; it is uploaded, then saved as the profile's image. */
export function PhotoUpload({ email }: { email: string }) {
  const id = useId();
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const update = useUpdateProfile(email);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      input.value = '';
      return;
    }
    setError('');
    setUploading(true);
    try {
      const url = await uploadImage(file);
      await update.mutateAsync({ image: url });
      void notify('success', messages.imageUpdated);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Photo
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className={`${fieldBorder(error)} file-input w-full max-w-xs`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={onChange}
        />
        {uploading && (
          <span role="status" className="inline-flex items-center gap-2 text-sm">
            <ButtonSpinner className="text-primary" />
            Uploading…
          </span>
        )}
      </div>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        A JPEG, PNG or WebP image of up to 5 MB.
      </p>
      <p id={`${id}-error`} role="alert" className={error ? 'text-sm text-error' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
