import type { Skill } from '../api/get-portfolio';

export function SkillsList({ skills }: { skills: Skill[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6">
      {skills.map((skill) => (
        <li
          key={skill.id}
          className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 p-3 text-center shadow-sm sm:flex-row sm:gap-3 sm:p-4 sm:text-left"
        >
          {/* The name is right beside the icon, so the icon is decorative (empty alt avoids reading it twice). */}
          <img
            src={skill.img}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className="size-10 shrink-0"
          />
          <div className="min-w-0">
            <p className="font-semibold leading-tight break-words">{skill.name}</p>
            <p className="text-sm text-base-content/75">{skill.theme}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SkillsListSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div role="status">
      <span className="sr-only">Loading skills…</span>
      <ul
        aria-hidden="true"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6"
      >
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            className="flex flex-col items-center gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:gap-3 sm:p-4"
          >
            <div className="skeleton size-10 shrink-0" />
            <div className="w-full flex-1 space-y-2">
              <div className="skeleton mx-auto h-4 w-3/4 sm:mx-0" />
              <div className="skeleton mx-auto h-3 w-1/2 sm:mx-0" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
