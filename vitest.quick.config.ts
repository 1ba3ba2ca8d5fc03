import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import config, { SITE_SWEEPS } from "./vitest.config";

/**
 * The loop to run after each change (npm run test:quick): the unit tests and the integration suite
 * on SQLite, without the sweeps of the whole site, which npm test runs with the browser tests and
 * PostgreSQL before a commit.
 */
const QUICK = ["unit", "integration:sqlite"];

const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];

export default defineConfig({
  ...config,
  test: {
    ...config.test,
    projects: projects
      .filter((project) => QUICK.includes(project.test?.name as string))
      .map((project) => ({ ...project, test: { ...project.test, exclude: [...(project.test?.exclude ?? []), ...SITE_SWEEPS] } })),
  },
});
