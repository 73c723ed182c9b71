import type { ReactNode } from 'react';

/** The card every account page sits in: the page's one h1 and its content. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5 p-5 sm:p-8">
        <header>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {intro && <p className="mt-2 text-base-content/75">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function OrDivider() {
  return <div className="divider my-0 text-sm text-base-content/70">OR</div>;
}
