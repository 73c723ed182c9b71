import { Mail } from 'lucide-react';
import { SectionHeading } from '@/components/ui/section-heading';
import { ErrorState } from '@/components/ui/error-state';
import { useProjects, useSkills } from '@/features/content/api/get-portfolio';
import { SkillsList, SkillsListSkeleton } from '@/features/content/components/skills-list';
import { ComingSoonCard, ProjectCard, ProjectCardSkeleton } from '@/features/content/components/project-card';
import { useDocumentTitle } from '@/lib/use-document-title';

const developer = {
  name: 'Alex Morgan',
  initials: 'AM',
  role: 'Full-stack developer',
  email: 'alex.morgan@example.com',
};

function Intro() {
  return (
    <header className="flex flex-col items-center gap-6 text-center md:flex-row md:items-start md:gap-10 md:text-left">
      <div
        aria-hidden="true"
        className="flex size-28 shrink-0 items-center justify-center rounded-full bg-primary text-4xl font-bold text-primary-content shadow-md sm:size-32"
      >
        {developer.initials}
      </div>
      <div className="max-w-3xl">
        <p className="font-semibold uppercase tracking-wide text-primary">{developer.role}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">Hi, I’m {developer.name}</h1>
        <div className="mt-4 space-y-3 leading-relaxed text-base-content/80">
          <p>
            I designed and built this Toolhouse storefront, from the product catalogue and checkout in React
            and TypeScript to the Fastify API and the PostgreSQL database behind it. I enjoy turning a long
            list of requirements into software that is fast, accessible and pleasant to use on a phone in a
            workshop as much as on a desktop in an office.
          </p>
          <p>
            Before moving into web development I spent several years around machine shops, which is why I care
            about clear product data, honest stock numbers and pages that load quickly on a patchy connection.
            When I am not writing code I am usually restoring an old bench grinder or teaching a JavaScript
            evening class.
          </p>
        </div>
        <a href={`mailto:${developer.email}`} className="btn btn-primary mt-6">
          <Mail aria-hidden="true" className="size-4" />
          {developer.email}
        </a>
      </div>
    </header>
  );
}

function SkillsSection() {
  const { data, isPending, isError, refetch } = useSkills();
  return (
    <section aria-labelledby="skills-heading" className="mt-16">
      <SectionHeading id="skills-heading" title="Skills">
        The languages, frameworks and tools I use every day.
      </SectionHeading>
      {isPending ? (
        <SkillsListSkeleton />
      ) : isError ? (
        <ErrorState message="We could not load the list of skills." onRetry={() => void refetch()} />
      ) : (
        <SkillsList skills={data} />
      )}
    </section>
  );
}

function ProjectsSection() {
  const { data, isPending, isError, refetch } = useProjects();
  return (
    <section aria-labelledby="projects-heading" className="mt-16">
      <SectionHeading id="projects-heading" title="Projects">
        A few things I have built recently, with links to the live sites and their source code.
      </SectionHeading>
      {isPending ? (
        <div role="status">
          <span className="sr-only">Loading projects…</span>
          <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </div>
        </div>
      ) : isError ? (
        <ErrorState message="We could not load the projects." onRetry={() => void refetch()} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
          <li>
            <ComingSoonCard />
          </li>
        </ul>
      )}
    </section>
  );
}

export function Component() {
  useDocumentTitle('Portfolio');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Intro />
      <SkillsSection />
      <ProjectsSection />
    </div>
  );
}
