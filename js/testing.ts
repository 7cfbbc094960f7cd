/**
 * The test entry: the public API plus the route table's switches, so that the tests and the
 * benchmarks can run every route this runtime can take (js/routes.ts). Built by
 * scripts/build.mjs into target/testing/ (never into pkg/: it is not published).
 *
 * @module
 */
export * from './index.js';
export {
  capabilities,
  defaultRoutes,
  fit,
  possibleRoutes,
  routes,
  routesFor,
  useRoutes,
  type Routes,
} from './routes.js';
export { detectRuntime, runtime } from './platform.js';
