import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { ImageIcon } from 'lucide-react';
import { ACCEPTED_IMAGE_TYPES } from '@shared/media/media.schema';
import { fieldBorder } from '@/components/ui/field';

interface ImageFieldProps {
  label: string;
  error?: string | undefined;
  /** What the preview shows before a file is chosen (the product's current image when editing). */
  current?: { src: string; alt: string } | undefined;
  name?: string;
  disabled?: boolean;
  onFile: (file: File | undefined) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled image file input with a preview of the chosen file. Uncontrolled: give it a new `key` to clear it
 * (after the form resets).
 */
export function ImageField({ label, error, current, name, disabled, onFile, onBlur, ref }: ImageFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  // Frees the last preview when the field goes away.
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      previewRef.current = null;
    },
    [],
  );

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    // Only images the browser can show get a preview (jsdom and old browsers have no object URLs).
    const url =
      file && file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null;
    previewRef.current = url;
    setPreview(url);
    onFile(file);
  };

  const shown = preview ? { src: preview, alt: 'Preview of the chosen image' } : current;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {shown ? (
          <img
            src={shown.src}
            alt={shown.alt}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-box border border-base-300 bg-base-200 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-box border border-dashed border-base-300 bg-base-200 text-base-content/60"
          >
            <ImageIcon className="size-8" />
          </div>
        )}
        <input
          ref={ref}
          id={id}
          name={name}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className={`${fieldBorder(error)} file-input w-full sm:max-w-sm`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          disabled={disabled}
          onChange={onChange}
          onBlur={onBlur}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        A JPEG, PNG or WebP image of up to 5 MB.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
