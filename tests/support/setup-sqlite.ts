import type { TestProject } from "vitest/node";
import { createTemplate } from "./test-database";

export default async function setup(project: TestProject) {
  const { template, remove } = await createTemplate("sqlite");
  project.provide("testDatabase", template);
  return remove;
}
