import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

const SPEC_DIR = '/work/shared/spec';
const SPEC_FILES = ['orders.md', 'fleet.md', 'dispatch.md'];

/** Groups whose texts the spec does not give at all ("not in the spec"). */
const GROUPS_NOT_IN_SPEC = ['audit', 'utilization', 'dispatchInsights', 'orderMail', 'statisticsScreen', 'navigation', 'login', 'order', 'masterData', 'user', 'labels', 'orderPdf', 'orderScreen', 'fleetCommands', 'vehicleHistory', 'orderText', 'tourPlan', 'dispatchScreen', 'fleetScreen', 'mailOutbox', 'mailDelivery', 'demoSeed', 'billing', 'billingExport', 'billingScreen', 'intakeTools', 'exportScreen', 'workshopScreen', 'smartServiceScreen', 'vehicleAnalyticsScreen', 'historyDetails', 'operations'];

/** Single texts not found word for word: not in the spec, or spelt out from an abbreviation. */
const TEXTS_NOT_WORD_FOR_WORD = [
  'dispatch.vehicleNotFound',
  'dispatch.vehicleNotReleased',
  'dispatch.tourNotFound',
  'dispatch.tourClosed',
  'dispatch.invalidScheduledTime',
  'dispatch.noRecipients',
  'auth.forbidden',
  'http.networkError',
  'http.notFound',
  'http.badRequest',
  'http.payloadTooLarge',
  'http.invalidJson',
  'http.conflict',
  'http.unsupportedMediaType',
  'http.tooManyRequests',
  'http.internalError',
  'http.serviceUnavailable',
  'http.idempotencyKeyInvalid',
  'http.idempotencyKeyPending',
  'http.idempotencyKeyReused',
  'http.idempotencyKeyCommitted',
  'errorScreen.details',
  'orderTable.pagination',
  'orderTable.notSet',
  'orderTable.routeTo',
  'validation.invalidDate',
  'validation.invalidTime',
  'validation.timeRangeOrder',
  'validation.weightNotNegative',
  'validation.invalidEmail',
  'validation.invalidPostalCode',
  'validation.invalidCoordinates',
  'validation.positiveLoadSize',
  // spelt out:
  'fleet.dispatchDisabled',
  'fleet.vehicleUpdated',
  'fleet.vehicleDeleted',
  'fleet.trailerCreated',
  'fleet.trailerUpdated',
  'fleet.trailerDeleted',
  'fleet.fuelCardCreated',
  'fleet.fuelCardUpdated',
  'fleet.fuelCardDeleted',
  'errors.loadLoadingPoints',
  'errors.loadMaterials',
  'errors.loadOrders',
  'errors.loadOrder',
  'errors.saveWeight',
  'errors.loadSettings',
  'errors.saveSettings',
  'errors.resetSettings',
  'empty.deliveryPlants',
  'empty.loadingPlants',
  'success.orderUpdated',
  'success.orderDeleted',
  // issue 16: route optimization and tour rules beyond the spec's own texts.
  'dispatch.tourClosedForSequence',
  'optimization.apply',
  'optimization.applyError',
  'optimization.cost',
  'optimization.distance',
  'optimization.duration',
  'optimization.history',
  'optimization.historyEvent.applied',
  'optimization.historyEvent.completed',
  'optimization.historyEvent.failed',
  'optimization.historyEvent.requested',
  'optimization.historyEvent.reset',
  'optimization.infeasible',
  'optimization.noCoordinates',
  'optimization.noHistory',
  'optimization.noResult',
  'optimization.noSavings',
  'optimization.notFound',
  'optimization.notReady',
  'optimization.nothingToReset',
  'optimization.ordersChanged',
  'optimization.original',
  'optimization.resultMismatch',
  'optimization.routeDrawing',
  'optimization.savings',
  'optimization.sequence',
  'optimization.startError',
  'optimization.startMenu',
  'optimization.timeout',
  'optimization.tooFewOrders',
  // issue 38: refusals of the solver pool's limits and of values beyond an event's bounds
  'optimization.alreadyRunning',
  'optimization.solverCrashed',
  'optimization.solverTimeout',
  'http.unprocessable',
  // issue 31: a material's bulk density (weight follows quantity)
  'validation.densityRange',
];

function* textsOf(value: unknown, path: string): Generator<[path: string, text: string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* textsOf(child, path ? `${path}.${key}` : key);
  }
}

const specAvailable = SPEC_FILES.every((file) => existsSync(`${SPEC_DIR}/${file}`));

describe.skipIf(!specAvailable)('message catalogue against the spec', () => {
  const spec = specAvailable ? SPEC_FILES.map((file) => readFileSync(`${SPEC_DIR}/${file}`, 'utf8')).join('\n') : '';

  it('takes every text that is not marked otherwise word for word from the spec', () => {
    const notInSpec = [...textsOf(messages, '')]
      .filter(([path]) => !GROUPS_NOT_IN_SPEC.includes(path.split('.')[0] ?? ''))
      .filter(([, text]) => !spec.includes(text))
      .map(([path]) => path);
    expect([...notInSpec].sort()).toEqual([...TEXTS_NOT_WORD_FOR_WORD].sort());
  });
});

describe('message functions', () => {
  it('fill in the numbers and names', () => {
    expect(messages.orderTable.showing(1, 50, 120)).toBe('Zeige 1 bis 50 von 120 Aufträgen');
    expect(messages.orderTable.page(1, 3)).toBe('Seite 1 von 3');
    expect(messages.success.orderDuplicated('S261121-4711')).toBe('Auftrag erfolgreich dupliziert. Neue Auftragsnummer: S261121-4711');
    expect(messages.success.partiallyCreated(2, 1)).toBe('2 Aufträge erfolgreich erstellt (1 fehlgeschlagen).');
    expect(messages.success.pdfsDownloaded(3)).toBe('3 PDF-Datei(en) erfolgreich heruntergeladen.');
    expect(messages.dispositionPipeline.transferred(4)).toBe('4 Aufträge zur Disposition übertragen');
    expect(messages.dispositionPipeline.more(2)).toBe('+2 weitere');
    expect(messages.empty.plantsFor('Kiel')).toBe('Keine Werke für "Kiel" gefunden');
    expect(messages.http.serverError(502, 'Bad Gateway')).toBe('Server-Fehler: 502 - Bad Gateway');
    expect(messages.http.unknownField('foo')).toBe('Unbekanntes Feld: foo');
    expect(messages.naturalLanguage.confidence(85)).toBe('85% sicher');
  });
});
