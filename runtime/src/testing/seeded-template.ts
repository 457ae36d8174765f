import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { defaultTestKind, type TestTemplate } from '@dispo/events/testing/test-database';
import type { HistoryOptions } from '../seed/history';

/**
 * A test run may seed the demo catalogue or business once (vitest globalSetup, seed-template.ts) and
 * hand the result to its test files through this variable; each test app then starts from a copy
 * instead of seeding the same again through the command handlers.
 */
const VARIABLE = 'DISPO_TEST_SEEDED_TEMPLATES';

interface SeededTemplate {
  template: TestTemplate;
  /** Weeks of history it holds; null: the catalogue alone. A test with its own `today` or clock seeds itself. */
  weeks: number | null;
  /** The Berlin day it was seeded on: the demo business is relative to today. */
  date: string;
}

function announced(): SeededTemplate[] {
  const value = process.env[VARIABLE];
  return value ? (JSON.parse(value) as SeededTemplate[]) : [];
}

export function announceSeededTemplate(template: TestTemplate, weeks: number | null): void {
  process.env[VARIABLE] = JSON.stringify([...announced(), { template, weeks, date: berlinDate(new Date()) } satisfies SeededTemplate]);
}

/** The template holding exactly what seeding the catalogue with `history` today would write, if the run has one. */
export function seededTemplateFor(history: HistoryOptions | undefined): TestTemplate | undefined {
  if (history && Object.keys(history).some((key) => key !== 'weeks')) return undefined;
  const weeks = history ? (history.weeks ?? NaN) : null;
  const today = berlinDate(new Date());
  return announced().find((s) => s.weeks === weeks && s.date === today && s.template.kind === defaultTestKind())?.template;
}
