import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './template';

/** Once per run: the seeded PGlite template every server test file starts from. */
export default async function setup(project: TestProject) {
  const template = await createPgliteTemplate();
  project.provide('pgliteTemplatePath', template.path);
  return () => template.remove();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateName: string;
  }
}
