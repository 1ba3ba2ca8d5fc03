import type { TestProject } from "vitest/node";
import { startDemoTemplate } from "./demo-template";
import { createTemplate } from "./test-database";

export default async function setup(project: TestProject) {
  const { template, remove } = await createTemplate("sqlite");
  const demo = startDemoTemplate(template.template);
  project.provide("testDatabase", template);
  project.provide("demoDatabase", demo.file);
  return async () => {
    await demo.remove();
    await remove();
  };
}
