import type { ReactNode } from 'react';
import { CodeXml, ExternalLink, Hourglass, Server } from 'lucide-react';
import type { Project } from '../api/get-portfolio';

/**
 * A link to an outside site. The visible label stays short ("Live"); the accessible name adds the project,
 * so a screen reader's list of links tells "Live site of A" from "Live site of B", and warns of the new tab.
 */
function ExternalButton({
  href,
  label,
  detail,
  icon,
  primary = false,
}: {
  href: string;
  label: string;
  detail: string;
  icon: ReactNode;
  primary?: boolean;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      // Starts with the visible label, so speech users can still say "click Live" (WCAG 2.5.3).
      aria-label={`${label} ${detail} (opens in a new tab)`}
      className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-outline'}`}
    >
      {icon}
      {label}
    </a>
  );
}

export function ProjectCard({ project }: { project: Project }) {
  const headingId = `project-${project.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="aspect-[8/5] bg-base-200">
        <img
          src={project.img}
          alt={`Preview of ${project.name}`}
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg leading-snug">
          {project.name}
        </h3>
        <p className="text-base-content/80">{project.theme}</p>
        <div className="card-actions mt-auto pt-2">
          <ExternalButton
            href={project.live}
            label="Live"
            detail={`site of ${project.name}`}
            icon={<ExternalLink aria-hidden="true" className="size-4" />}
            primary
          />
          <ExternalButton
            href={project.client}
            label="Client"
            detail={`code of ${project.name}`}
            icon={<CodeXml aria-hidden="true" className="size-4" />}
          />
          {project.server && (
            <ExternalButton
              href={project.server}
              label="Server"
              detail={`code of ${project.name}`}
              icon={<Server aria-hidden="true" className="size-4" />}
            />
          )}
        </div>
      </div>
    </article>
  );
}

export function ComingSoonCard() {
  return (
    <article
      aria-labelledby="project-coming-soon"
      className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-box border-2 border-dashed border-base-content/30 bg-base-200/50 p-8 text-center"
    >
      <Hourglass aria-hidden="true" className="size-10 text-primary" />
      <h3 id="project-coming-soon" className="text-lg font-semibold">
        Coming Soon
      </h3>
      <p className="max-w-xs text-base-content/80">
        A rental booking app for compressors and heavy tools is on the workbench. Check back in a few weeks.
      </p>
    </article>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div className="card border border-base-300" aria-hidden="true">
      <div className="skeleton aspect-[8/5] rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-2/3" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="mt-2 flex gap-2">
          <div className="skeleton h-8 w-16" />
          <div className="skeleton h-8 w-20" />
          <div className="skeleton h-8 w-20" />
        </div>
      </div>
    </div>
  );
}
