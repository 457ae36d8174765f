import { messages } from '@dispo/domain/messages';
import type { OptimizationSavings, OptimizationStatus } from '../../api/dispositionTypes';

const text = messages.optimization;

export function formatKm(km: number): string {
  return km.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function formatEuro(euro: number): string {
  return euro.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' });
}

export function formatMinutes(seconds: number): string {
  return Math.round(seconds / 60).toLocaleString('de-DE');
}

/** The tour block's label of dispatch.md §4: Warteschlange, Optimierung läuft, Optimiert (with the savings), fehlgeschlagen. */
export function optimizationLabel(status: OptimizationStatus | null | undefined, savings: OptimizationSavings | null | undefined): string | null {
  if (!status) return null;
  if (status === 'completed') return savings && savings.distanceSaved > 0 ? text.savedLabel(formatKm(savings.distanceSaved)) : text.status.completed;
  return text.status[status];
}
