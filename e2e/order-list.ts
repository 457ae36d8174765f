import { messages } from '@dispo/domain/messages';
import type { Page } from 'playwright-core';

/** 'YYYY-MM-DD' of the Berlin day `days` after today. */
export function berlinDay(days: number): string {
  const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = berlin.format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The demo business fills the order table; a test that counts rows narrows it to its own delivery
 * days through the extended filters, as a user would.
 */
export async function showDeliveryDays(page: Page, from: string, to?: string): Promise<void> {
  const extended = page.getByRole('group', { name: messages.orderScreen.extendedFilters });
  if ((await extended.count()) === 0) await page.getByRole('button', { name: messages.filters.moreFilters }).click();
  await extended.getByLabel(messages.orderScreen.filterDateFrom).fill(from);
  if (to) await extended.getByLabel(messages.orderScreen.filterDateTo).fill(to);
}
