import type { TestProject } from 'vitest/node';
import { createPostgresTemplate } from './template';

/** Once per run: the seeded PostgreSQL template database every server test file copies. */
export default async function setup(project: TestProject) {
  const template = await createPostgresTemplate();
  project.provide('postgresTemplateName', template.name);
  return () => template.remove();
}
