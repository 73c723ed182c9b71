export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the screen while a page loads, so the footer is not drawn mid-screen and then pushed away (layout shift). */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-start justify-center pt-[30vh]">
      <Spinner />
    </div>
  );
}
