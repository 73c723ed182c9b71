import type { DehydratedState } from '@tanstack/react-query';

/** The element holding the queries a server-rendered page was rendered with (JSON, never executed). */
export const SERVER_STATE_ID = 'server-state';

/**
 * The queries the server rendered this page with, or undefined when the page was not server-rendered. They are as
 * current as the page: the server renders again when a change announcement touches what it read (decision 048), so
 * they count as fetched now, and none is asked for again until it goes stale as any other query would.
 */
export function readServerState(): DehydratedState | undefined {
  const el = document.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return undefined;
  try {
    const state = JSON.parse(el.textContent) as DehydratedState;
    const now = Date.now();
    for (const q of state.queries) q.state.dataUpdatedAt = now;
    return state;
  } catch {
    return undefined;
  }
}
