import { iconPaths, StrokeIcon } from './stroke-icon';

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex flex-wrap items-center gap-3">
      <StrokeIcon d={iconPaths.alert} className="size-5 shrink-0" />
      <span className="flex-1">{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
