import { createEmptyPgliteTemplate, defaultTestKind } from '@dispo/events/testing/test-database';
import { seedTemplate } from './seed-template';

/**
 * The demo catalogue every test app starts with by default, seeded once per run; on PGlite also an
 * empty database that every other test database starts from.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const removeEmpty = defaultTestKind() === 'pglite' ? await createEmptyPgliteTemplate() : async () => {};
  const removeCatalog = await seedTemplate(null);
  return async () => {
    await removeCatalog();
    await removeEmpty();
  };
}
