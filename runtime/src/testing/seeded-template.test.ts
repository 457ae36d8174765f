import { defaultTestKind } from '@dispo/events/testing/test-database';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSeededTemplate, seededTemplateFor } from './seeded-template';

const template = defaultTestKind() === 'postgres' ? ({ kind: 'postgres', database: 'dispo_test_template' } as const) : ({ kind: 'pglite', file: '/tmp/x.tar' } as const);

describe('the seeded templates of a test run', () => {
  // The run's own (demo-catalog.global-setup.ts), put back after each test.
  const saved = process.env.DISPO_TEST_SEEDED_TEMPLATES;
  afterEach(() => {
    vi.useRealTimers();
    if (saved === undefined) delete process.env.DISPO_TEST_SEEDED_TEMPLATES;
    else process.env.DISPO_TEST_SEEDED_TEMPLATES = saved;
  });

  it('are used only for the same weeks (or the catalogue alone), without an own today or clock, on the day they were seeded', () => {
    delete process.env.DISPO_TEST_SEEDED_TEMPLATES;
    expect(seededTemplateFor({ weeks: 1 })).toBeUndefined();
    vi.useFakeTimers({ now: new Date('2026-11-26T22:30:00Z'), toFake: ['Date'] });
    announceSeededTemplate(template, 1);
    expect(seededTemplateFor({ weeks: 1 })).toEqual(template);
    expect(seededTemplateFor(undefined)).toBeUndefined();
    expect(seededTemplateFor({ weeks: 2 })).toBeUndefined();
    expect(seededTemplateFor({})).toBeUndefined();
    const catalog = { ...template, ...(template.kind === 'postgres' ? { database: 'dispo_test_catalog' } : { file: '/tmp/catalog.tar' }) };
    announceSeededTemplate(catalog, null);
    expect(seededTemplateFor(undefined)).toEqual(catalog);
    expect(seededTemplateFor({ weeks: 1 })).toEqual(template);
    expect(seededTemplateFor({ weeks: 1, today: '2026-11-26' })).toBeUndefined();
    expect(seededTemplateFor({ weeks: 1, now: () => new Date() })).toBeUndefined();
    // 23:30 in Berlin; at 00:30 the demo business of the template is yesterday's.
    vi.setSystemTime(new Date('2026-11-26T23:30:00Z'));
    expect(seededTemplateFor({ weeks: 1 })).toBeUndefined();
  });
});
