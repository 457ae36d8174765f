import { createTestTemplate, defaultTestKind } from '@dispo/events/testing/test-database';
import { announceSeededTemplate } from './seeded-template';
import { createTestApp } from './test-app';

/**
 * For a vitest globalSetup: seeds the demo catalogue (with `weeks` of the business, or none) once into
 * a template, announces it to the run's test files and answers the teardown.
 */
export async function seedTemplate(weeks: number | null): Promise<() => Promise<void>> {
  const { template, dispose } = await createTestTemplate(defaultTestKind(), async (sql) => {
    // Started once, so its read tables are caught up in the copies too.
    const app = await createTestApp({ sql, history: weeks === null ? undefined : { weeks }, optimization: { worker: false } });
    await app.close();
  });
  announceSeededTemplate(template, weeks);
  return dispose;
}
