// The URLs live in src/shared so that the server can answer 404 for a path the web app does not route.
export { paths, segment } from '@shared/common/web-paths';
