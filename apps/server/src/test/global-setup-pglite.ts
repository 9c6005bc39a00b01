import type { TestProject } from 'vitest/node';
import { createPgliteTemplates, type TemplateSeed } from './template';

/** Once per run: the PGlite templates (migrated; with the reference data; with the demo) every server test file starts from. */
export default async function setup(project: TestProject) {
  const templates = await createPgliteTemplates();
  project.provide('pgliteTemplatePaths', templates.paths);
  return () => templates.remove();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePaths: Record<TemplateSeed, string>;
    postgresTemplateName: string;
  }
}
