import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** One entry of /data/skills.json. */
export interface Skill {
  id: string;
  name: string;
  /** Path of a small square icon, e.g. "/skills/react.svg". */
  img: string;
  /** A short category such as "Frontend", "Backend" or "Tooling". */
  theme: string;
}

/** One entry of /data/Projects.json. */
export interface Project {
  id: string;
  name: string;
  /** Path of a 640×400 preview illustration, e.g. "/projects/shop-dashboard.svg". */
  img: string;
  /** A one-sentence description of the project. */
  theme: string;
  /** URL of the deployed site. */
  live: string;
  /** URL of the client-side source code. */
  client: string;
  /** URL of the server-side source code; absent for front-end-only projects. */
  server?: string;
}

/**
 * GETs a static JSON file from the web app's public folder (not the /api server).
 * Failures are ApiErrors so the query client's retry rule (no retries for 4xx) applies to them too.
 */
async function getStaticJson<T>(path: string, what: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network', `We could not load the ${what}. Check your connection and try again.`);
  }
  if (!res.ok) throw new ApiError(res.status, 'static', `We could not load the ${what} (${res.status}).`);
  return (await res.json()) as T;
}

export const getSkills = () => getStaticJson<Skill[]>('/data/skills.json', 'skills');
export const getProjects = () => getStaticJson<Project[]>('/data/Projects.json', 'projects');

// The files only change with a deployment, so what was fetched once stays fresh for the whole visit.
export const skillsQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.skills, queryFn: getSkills, staleTime: Infinity });
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.projects, queryFn: getProjects, staleTime: Infinity });

export const useSkills = () => useQuery(skillsQueryOptions());
export const useProjects = () => useQuery(projectsQueryOptions());
