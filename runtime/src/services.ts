import { randomBytes } from 'node:crypto';
import { loginRoute } from '@dispo/command-service/auth/login-route';
import { createPinCipher, fleetCommandRoutes } from '@dispo/command-service/fleet/fleet-routes';
import { fromTextRoutes } from '@dispo/command-service/orders/from-text-routes';
import { orderRoutes as orderCommandRoutes } from '@dispo/command-service/orders/order-routes';
import { billingRoutes } from '@dispo/command-service/billing/billing-routes';
import { dispatchRoutes, type DispatchRouteOptions } from '@dispo/command-service/dispatch/dispatch-routes';
import { mosiRoutes } from '@dispo/command-service/dispatch/mosi-routes';
import { dispatchCommands } from '@dispo/command-service/dispatch/dispatch-commands';
import type { TourTravel } from '@dispo/command-service/dispatch/tour-travel';
import { type HandlingMinutes, straightLineRoads } from '@dispo/domain/travel/index';
import { createMailWorker, type MailWorker } from '@dispo/projection-service/mail/mail-worker';
import type { MailRetrySchedule } from '@dispo/projection-service/mail/retry-schedule';
import { createMailTransport } from '@dispo/projection-service/mail/transport';
import { startTourPlanScheduler, type TourPlanScheduler } from '@dispo/projection-service/mail/tour-plan-scheduler';
import { mailOutboxProjection } from '@dispo/projection-service/projections/mail-outbox';
import { tourPlanRoutes } from '@dispo/projection-service/queries/tour-plan-routes';
import { findDocument } from '@dispo/projection-service/fleet/document-view';
import { findFuelCard } from '@dispo/projection-service/fleet/fuel-card-view';
import { coupledTrailerPlates, findTrailer } from '@dispo/projection-service/fleet/trailer-view';
import { findVehicle } from '@dispo/projection-service/fleet/vehicle-view';
import { attachSocketGateway } from '@dispo/projection-service/gateway/socket-gateway';
import { FreshOrderViews } from '@dispo/projection-service/orders/fresh-order-views';
import { findOrder } from '@dispo/projection-service/orders/order-view';
import { fuelCardsProjection } from '@dispo/projection-service/projections/fuel-cards';
import { ordersProjection } from '@dispo/projection-service/projections/orders';
import { billingJournalProjection } from '@dispo/projection-service/projections/billing-journal';
import { toursProjection } from '@dispo/projection-service/projections/tours';
import { dispoDaysProjection } from '@dispo/projection-service/projections/dispo-days';
import { tourOptimizationsProjection } from '@dispo/projection-service/projections/tour-optimizations';
import { optimizationRoutes } from '@dispo/command-service/optimization/optimization-routes';
import { DEFAULT_LEASE_MS, optimizationCommands } from '@dispo/command-service/optimization/optimization-commands';
import { createRouteSolverPool, type RouteSolverPool } from '@dispo/command-service/optimization/route-solver-pool';
import { optimizationQueryRoutes } from '@dispo/projection-service/queries/optimization-routes';
import { createOptimizationWorker, type OptimizationWorker } from '@dispo/projection-service/optimization/optimization-worker';
import { appliedOperation, latestOperation, openOperationCounts, tourOptimization } from '@dispo/projection-service/optimization/optimization-views';
import { referenceDataProjection } from '@dispo/projection-service/projections/reference-data';
import { trailersProjection } from '@dispo/projection-service/projections/trailers';
import { vehicleDocumentsProjection } from '@dispo/projection-service/projections/vehicle-documents';
import { vehicleHistoryProjection } from '@dispo/projection-service/projections/vehicle-history';
import { vehiclesProjection } from '@dispo/projection-service/projections/vehicles';
import { workshopAppointmentsProjection } from '@dispo/projection-service/projections/workshop-appointments';
import { workshopsProjection } from '@dispo/projection-service/projections/workshops';
import { workshopCommandRoutes } from '@dispo/command-service/workshops/workshop-routes';
import { findWorkshop } from '@dispo/projection-service/fleet/workshop-register';
import { smartServiceRoutes } from '@dispo/command-service/smart-service/smart-service-routes';
import { smartServiceQueryRoutes } from '@dispo/projection-service/queries/smart-service-routes';
import { redistributionCandidates } from '@dispo/projection-service/smart-service/smart-service-analysis';
import { smartVehicle, toursOfDay } from '@dispo/projection-service/smart-service/smart-service-data';
import { trailerHistoryProjection } from '@dispo/projection-service/projections/trailer-history';
import { workshopQueryRoutes } from '@dispo/projection-service/queries/workshop-routes';
import { findAppointment } from '@dispo/projection-service/fleet/appointment-view';
import { type DeadlineWarningJob, startDeadlineWarningJob } from '@dispo/projection-service/fleet/deadline-warning-job';
import { fleetRoutes as fleetQueryRoutes } from '@dispo/projection-service/queries/fleet-routes';
import { healthRoute } from '@dispo/projection-service/queries/health-route';
import { projectionAdminRoutes } from '@dispo/projection-service/queries/projection-admin-routes';
import { dispatchQueryRoutes } from '@dispo/projection-service/queries/dispatch-routes';
import { utilizationRoutes } from '@dispo/projection-service/queries/utilization-routes';
import { utilizationService } from '@dispo/projection-service/utilization/utilization-service';
import { dayFacts, tours, vehicleFutureTours, vehicleLiveTours } from '@dispo/projection-service/dispatch/dispatch-views';
import { mailDeliveryState } from '@dispo/projection-service/mail/delivery-state';
import { openAppointmentIds, workshopWindowsOf } from '@dispo/projection-service/dispatch/workshop-conflicts';
import { tourPlanRecipients } from '@dispo/projection-service/dispatch/tour-plan-recipients';
import { dispatchVehicles, vehicleLookup } from '@dispo/projection-service/dispatch/dispatch-vehicles';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { orderPdfRoutes } from '@dispo/projection-service/queries/order-pdf-routes';
import { orderRoutes as orderQueryRoutes } from '@dispo/projection-service/queries/order-routes';
import { billingQueryRoutes } from '@dispo/projection-service/queries/billing-routes';
import { orderExportRoutes } from '@dispo/projection-service/queries/order-export-routes';
import { orderMailQueryRoutes } from '@dispo/projection-service/queries/order-mail-routes';
import { statisticsRoutes } from '@dispo/projection-service/queries/statistics-routes';
import { orderMailRoutes } from '@dispo/command-service/orders/order-mail-routes';
import { orderMailCommands } from '@dispo/command-service/orders/order-mail-commands';
import { messages } from '@dispo/domain/messages';
import type { BillingTariff } from '@dispo/projection-service/billing/billing-queries';
import { referenceRoutes } from '@dispo/projection-service/queries/reference-routes';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import { osrmDistance } from '@dispo/platform/routing/osrm-distance';
import { analyticsCommandRoutes } from '@dispo/command-service/analytics/analytics-routes';
import { analyticsHistoryEntry } from '@dispo/projection-service/fleet/vehicle-analytics-view';
import { tariffProjection } from '@dispo/projection-service/projections/tariff';
import { vehicleAnalyticsProjection } from '@dispo/projection-service/projections/vehicle-analytics';
import { readTariff, vehicleAnalyticsQueryRoutes } from '@dispo/projection-service/queries/vehicle-analytics-routes';
import { createHttpApp } from '@dispo/platform/http/create-app';
import { type Idempotency, installIdempotency, setupIdempotencyTable } from '@dispo/platform/http/idempotency';
import { verifyReaderToken } from '@dispo/platform/http/auth';
import { rawSecurityHeaders } from '@dispo/platform/http/security-headers';
import { setupBlobStore } from '@dispo/platform/storage/blob-store';
import { templateRoutes } from '@dispo/command-service/templates/template-routes';
import { settingsRoutes } from '@dispo/command-service/user-settings/settings-routes';
import { orderTemplatesProjection } from '@dispo/projection-service/projections/order-templates';
import { userOrderSettingsProjection } from '@dispo/projection-service/projections/user-order-settings';
import { personalRoutes } from '@dispo/projection-service/queries/personal-routes';
import { auditRoutes } from '@dispo/projection-service/queries/audit-routes';
import { capacityAnalyzeRoute, quickOrderQueryRoutes } from '@dispo/projection-service/queries/quick-order-routes';
import { routeMaterialHistoryProjection } from '@dispo/projection-service/projections/route-material-history';
import { orderStatisticsProjection } from '@dispo/projection-service/projections/order-statistics';
import { quickOrderRoutes } from '@dispo/command-service/orders/quick-order-routes';
import { findUserTemplate, userOrderSettings } from '@dispo/projection-service/templates/template-view';
import { alwaysPrepared } from '@dispo/events/sql/client';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { loadDemoCatalog } from './demo-catalog';
import type { Infrastructure } from './infrastructure';
import { inlineScriptHashes, sendIndexHtml, serveWebClient, webClientBuilt } from './web-client';

/** Every projection, in the order the runner applies them (orders reads the reference tables). */
export const projections = [
  referenceDataProjection,
  // Fleet tables before the orders and tours that show vehicle plates; history reads vehicles and trailers.
  vehiclesProjection,
  trailersProjection,
  fuelCardsProjection,
  vehicleDocumentsProjection,
  workshopsProjection,
  // Appointments before the histories that describe them.
  workshopAppointmentsProjection,
  vehicleHistoryProjection,
  trailerHistoryProjection,
  ordersProjection,
  billingJournalProjection,
  toursProjection,
  dispoDaysProjection,
  tourOptimizationsProjection,
  mailOutboxProjection,
  orderTemplatesProjection,
  userOrderSettingsProjection,
  routeMaterialHistoryProjection,
  // After orders: it reads the order rows those have just written.
  orderStatisticsProjection,
  // Issue 14: tariff versions and the tours, km and revenue per vehicle and day.
  tariffProjection,
  vehicleAnalyticsProjection,
];

export interface ServiceOptions {
  jwtSecret: string;
  logger?: boolean;
  /** pino level of the log lines; default LOG_LEVEL or info. */
  logLevel?: string;
  /** Log lines go here instead of stdout (tests). */
  logStream?: { write(line: string): void };
  /** Serve the command routes (POST …). */
  commands: boolean;
  /** Run projections and serve queries and the socket gateway. */
  queries: boolean;
  loginAttemptsPerMinute?: number;
  /** Failed and successful login attempts per minute from one address, whatever the usernames. */
  loginAttemptsPerAddressPerMinute?: number;
  /** TRUST_PROXY: whose X-Forwarded-* headers to believe (see createHttpApp); default none. */
  trustProxy?: boolean | number | string;
  /** Serve the built web client from web/dist on the same port. */
  serveWeb?: boolean;
  /** Key material for fuel card PINs; without it (tests, benchmarks) a random key for this process only. */
  pinKey?: string;
  /**
   * Tour-plan mails, run by the half that runs the queries: the outbox worker (only with `smtpUrl`)
   * and the 15:00/17:00 scheduler. Without this option neither runs (tests that do not mail).
   */
  mail?: MailServiceOptions;
  /** Prices of the freight tariff (billing revenue) and the travel model of tours; default: the demo catalogue's `tariff`. */
  tariff?: BillingTariff & Partial<HandlingMinutes>;
  /**
   * The deadline warnings job (fleet.md §4), run by the half that runs the queries: on start, then
   * every 24 h and every hour. Off unless asked for (tests that count history entries).
   */
  deadlineWarnings?: boolean;
  /** Route optimization worker settings. */
  optimization?: OptimizationServiceOptions;
  /** ROUTING_URL: distances and travel times from an OSRM-compatible service (fall-back: straight line). */
  routingUrl?: string;
  /** A pending Idempotency-Key whose write is not in the log is released after this (default 30 s, ADR 0021). */
  idempotencyPendingBoundMs?: number;
}

/** The travel model of tour times: the catalogue's road factor, speed and minutes at the plants. */
function tourTravel(sql: Infrastructure['sql'], tariff: ServiceOptions['tariff'], routingUrl: string | undefined, logger: Logger): TourTravel {
  const catalogue = loadDemoCatalog().tariff;
  const settings = tariff ?? catalogue;
  const straight = straightLineRoads(settings);
  return {
    distance: routingUrl ? osrmDistance({ baseUrl: routingUrl, fallback: straight, logger }) : straight,
    handling: { loadingMinutes: settings.loadingMinutes ?? catalogue.loadingMinutes, unloadingMinutes: settings.unloadingMinutes ?? catalogue.unloadingMinutes },
    homePlantId: async (name) => {
      const { rows } = await sql.query<{ id: string }>('SELECT id FROM read.plants WHERE name = $1 ORDER BY created_at LIMIT 1', [name]);
      return rows[0]?.id ?? null;
    },
  };
}

export interface OptimizationServiceOptions {
  /** Run the worker in this process (default true where queries run). */
  worker?: boolean;
  /** A claim older than this is taken over (default 60 s). */
  leaseMs?: number;
  pollIntervalMs?: number;
  /** Solver threads (default the cores less one, at least one) and a solve's budget in ms (ADR 0020). */
  poolSize?: number;
  budgetMs?: number;
}

/** EUR per driven km by vehicle type (catalogue `tariff.costPerKm`, its `default` for the rest). */
function costPerKmOf(tariff: ServiceOptions['tariff']): (vehicleType: string | null) => number {
  const table = (tariff as { costPerKm?: Record<string, number | string> } | undefined)?.costPerKm ?? loadDemoCatalog().tariff.costPerKm;
  const price = (key: string) => (typeof table[key] === 'number' ? (table[key] as number) : null);
  return (vehicleType) => (vehicleType ? price(vehicleType) : null) ?? price('default') ?? 1;
}

export interface MailServiceOptions {
  /** SMTP_URL; without it requested mails stay in the outbox, which admins see. */
  smtpUrl?: string;
  /** MAIL_FROM */
  from?: string;
  /** TOUR_PLAN_RECIPIENTS (comma list); unset: the dispatchers' addresses. */
  tourPlanRecipients?: string;
  /** ORDER_MAIL_CC: the fixed copy address of every order mail; default the company's address. */
  orderMailCopy?: string;
  /** Request the tour-plan mails of the next day at 15:00 and 17:00 Europe/Berlin. Default true. */
  schedule?: boolean;
  /** Outbox polling besides the bus notices (default 5 s). */
  pollIntervalMs?: number;
  /** When a mail whose SMTP server did not answer is tried again (default: mail/retry-schedule.ts). */
  retry?: Partial<MailRetrySchedule>;
}

export interface Services {
  app: FastifyInstance;
  runner: ProjectionRunner;
  idempotency: Idempotency;
  /** The route solver's threads (ADR 0020); they start with the first solve. */
  solverPool: RouteSolverPool;
  start(options?: { optimizer?: boolean }): Promise<void>;
  /** Starts the route optimization worker that start({ optimizer: false }) held back. */
  startOptimizer(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the HTTP app with the chosen halves; the embedded mode has both in one process. */
export async function createServices(infra: Infrastructure, options: ServiceOptions): Promise<Services> {
  const serveWeb = options.serveWeb === true && webClientBuilt();
  const scriptHashes = serveWeb ? inlineScriptHashes() : [];
  const app = await createHttpApp({
    jwtSecret: options.jwtSecret,
    logger: options.logger,
    logStream: options.logStream,
    logLevel: options.logLevel,
    pageFallback: serveWeb ? sendIndexHtml : undefined,
    inlineScriptHashes: scriptHashes,
    trustProxy: options.trustProxy,
  });
  if (serveWeb) await serveWebClient(app);
  await setupIdempotencyTable(infra.sql);
  await setupBlobStore(infra.sql);
  const idempotency = installIdempotency(app, infra.sql, {
    pendingBoundMs: options.idempotencyPendingBoundMs,
    findWrite: infra.store.findIdempotentWrite?.bind(infra.store),
  });
  const log = app.log as unknown as Logger;
  const runner = new ProjectionRunner(infra.sql, infra.store, projections, infra.bus, log);
  await runner.setup();
  // Orders this process's runner has just created: their create commands answer without reading them back.
  const freshOrders = new FreshOrderViews();
  runner.observeNotices((notices) => freshOrders.remember(notices));
  const readNewOrder = async (id: string) => freshOrders.take(id) ?? findOrder(alwaysPrepared(infra.sql), id);
  const orderMailCopy = options.mail?.orderMailCopy ?? messages.orderPdf.company.email;

  const travel = tourTravel(infra.sql, options.tariff, options.routingUrl, log);
  // Threads start with the first solve: a process that never solves has none.
  const solverPool = createRouteSolverPool({ size: options.optimization?.poolSize, budgetMs: options.optimization?.budgetMs });
  const optimization = {
    store: infra.store,
    registry: infra.registry,
    travel,
    costPerKm: costPerKmOf(options.tariff),
    leaseMs: options.optimization?.leaseMs ?? DEFAULT_LEASE_MS,
    solver: solverPool.solve,
    openOperations: (tourId: string, userId: string) => openOperationCounts(infra.sql, tourId, userId),
  };

  if (options.commands) {
    await app.register(loginRoute, {
      store: infra.store,
      maxAttemptsPerMinute: options.loginAttemptsPerMinute,
      maxAttemptsPerAddressPerMinute: options.loginAttemptsPerAddressPerMinute,
    });
    await app.register(orderCommandRoutes, {
      store: infra.store,
      registry: infra.registry,
      // In one process the runner is here; a command-service alone polls the shared checkpoints.
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readOrder: (id) => findOrder(alwaysPrepared(infra.sql), id),
      readNewOrder,
    });
    await app.register(billingRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readOrder: (id) => findOrder(alwaysPrepared(infra.sql), id),
    });
    await app.register(fromTextRoutes, {
      store: infra.store,
      registry: infra.registry,
      sql: infra.sql,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readNewOrder,
    });
    const dispatchOptions: DispatchRouteOptions = {
      store: infra.store,
      registry: infra.registry,
      travel,
      workshopWindows: (vehicleId, date) => workshopWindowsOf(infra.sql, vehicleId, date),
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readTour: async (id) => (await tours(infra.sql, { id }, vehicleLookup(infra.sql)))[0] ?? null,
      dayFacts: (date) => dayFacts(infra.sql, date),
      tourPlanRecipients: () => tourPlanRecipients(infra.sql, options.mail?.tourPlanRecipients),
      mailDeliveryState: () => mailDeliveryState(infra.sql, Boolean(options.mail?.smtpUrl)),
    };
    await app.register(dispatchRoutes, dispatchOptions);
    // MOSI Disponent: a suggested connection joins the tour through the same assign command.
    await app.register(mosiRoutes, dispatchOptions);
    await app.register(optimizationRoutes, {
      ...optimization,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      latestOperationId: async (tourId) => {
        const latest = await latestOperation(infra.sql, tourId);
        return latest ? String(latest.operation_id) : null;
      },
      appliedOperationId: (tourId) => appliedOperation(infra.sql, tourId),
      readOptimization: (tourId) => tourOptimization(infra.sql, tourId),
    });
    await app.register(fleetCommandRoutes, {
      store: infra.store,
      registry: infra.registry,
      sql: infra.sql,
      pinCipher: createPinCipher(options.pinKey ?? randomBytes(48).toString('base64url')),
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readVehicle: (id) => findVehicle(infra.sql, id),
      readTrailer: (id) => findTrailer(infra.sql, id),
      readFuelCard: (id) => findFuelCard(infra.sql, id),
      readDocument: (vehicleId, documentId) => findDocument(infra.sql, vehicleId, documentId),
      readAppointment: (id) => findAppointment(infra.sql, id, berlinDate(new Date())),
      futureTours: (vehicleId) => vehicleFutureTours(infra.sql, vehicleId, berlinDate(new Date())),
      liveTourCandidates: async (vehicleId, today) => (await vehicleLiveTours(infra.sql, vehicleId, today)).map((t) => t.id),
      appointmentCandidates: (subject, date) => openAppointmentIds(infra.sql, subject, date),
      coupledTrailers: (vehicleId) => coupledTrailerPlates(infra.sql, vehicleId),
    });
    await app.register(workshopCommandRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readWorkshop: (id) => findWorkshop(infra.sql, id),
    });
    await app.register(smartServiceRoutes, {
      store: infra.store,
      registry: infra.registry,
      travel,
      workshopWindows: (vehicleId, date) => workshopWindowsOf(infra.sql, vehicleId, date),
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      appointmentCandidates: (subject, date) => openAppointmentIds(infra.sql, subject, date),
      reads: {
        vehicle: (id) => smartVehicle(infra.sql, id),
        dayTours: (date, vehicleId) => toursOfDay(infra.sql, date, [vehicleId]),
        candidates: async (vehicleId, date) => {
          const vehicle = await smartVehicle(infra.sql, vehicleId);
          return vehicle ? redistributionCandidates({ sql: infra.sql, distance: travel.distance, now: () => ({ date, time: '00:00' }) }, vehicle, date) : [];
        },
        workshop: (id) => findWorkshop(infra.sql, id),
        readAppointment: (id) => findAppointment(infra.sql, id, berlinDate(new Date())),
      },
    });
    await app.register(quickOrderRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readNewOrder,
    });
    await app.register(orderMailRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      copyAddress: orderMailCopy,
      mailSending: Boolean(options.mail?.smtpUrl),
      mailDeliveryState: () => mailDeliveryState(infra.sql, Boolean(options.mail?.smtpUrl)),
    });
    await app.register(capacityAnalyzeRoute, { sql: infra.sql });
    await app.register(templateRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readTemplate: (ownerId, id) => findUserTemplate(infra.sql, ownerId, id),
    });
    await app.register(analyticsCommandRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readTariff: () => readTariff(infra.sql, berlinDate(new Date())),
      readHistoryEntry: (vehicleId, id) => analyticsHistoryEntry(infra.sql, vehicleId, id),
    });
    await app.register(settingsRoutes, {
      store: infra.store,
      registry: infra.registry,
      waitForProjections: options.queries ? (p) => runner.waitFor(p) : (p) => runner.waitForStored(p),
      readSettings: async (userId) => ({ success: true, ...(await userOrderSettings(infra.sql, userId)) }),
    });
  }
  if (options.queries) {
    await app.register(projectionAdminRoutes, { runner });
    await app.register(referenceRoutes, { sql: infra.sql });
    await app.register(orderQueryRoutes, { sql: infra.sql });
    await app.register(orderExportRoutes, { sql: alwaysPrepared(infra.sql) });
    await app.register(orderMailQueryRoutes, { sql: infra.sql, copyAddress: orderMailCopy });
    await app.register(statisticsRoutes, { sql: alwaysPrepared(infra.sql) });
    await app.register(billingQueryRoutes, { sql: alwaysPrepared(infra.sql), tariff: options.tariff ?? loadDemoCatalog().tariff });
    await app.register(orderPdfRoutes, { sql: infra.sql });
    await app.register(tourPlanRoutes, { sql: infra.sql, mailSending: Boolean(options.mail?.smtpUrl) });
    await app.register(fleetQueryRoutes, { sql: infra.sql });
    await app.register(workshopQueryRoutes, { sql: infra.sql });
    await app.register(smartServiceQueryRoutes, { sql: infra.sql, distance: travel.distance });
    await app.register(vehicleAnalyticsQueryRoutes, { sql: infra.sql });
    await app.register(personalRoutes, { sql: infra.sql });
    await app.register(auditRoutes, { sql: infra.sql, registry: infra.registry });
    await app.register(quickOrderQueryRoutes, { sql: infra.sql });
    await app.register(optimizationQueryRoutes, { sql: infra.sql });
    await app.register(dispatchQueryRoutes, {
      sql: infra.sql,
      vehicles: vehicleLookup(infra.sql),
      dispatchVehicles: (date) => dispatchVehicles(infra.sql, date),
      today: () => berlinDate(new Date()),
    });
    // Utilisation, timeline indicators, drag preview and MOSI suggestions: the same travel model as tour times.
    await app.register(utilizationRoutes, { utilization: utilizationService({ sql: infra.sql, travel }), today: () => berlinDate(new Date()) });
  }
  await app.register(healthRoute, { sql: infra.sql, bus: infra.bus, runner });

  // Tour-plan mails: the worker sends what the outbox holds, the scheduler asks for the next day's plan.
  const mail = options.queries ? options.mail : undefined;
  const dispatch = dispatchCommands({ store: infra.store, registry: infra.registry });
  const orderMails = orderMailCommands({ store: infra.store, registry: infra.registry });
  const mailWorker: MailWorker | null = mail?.smtpUrl
    ? createMailWorker({
        sql: infra.sql,
        bus: infra.bus,
        transport: createMailTransport(mail.smtpUrl),
        from: mail.from,
        recordOutcome: (date, mailId, outcome) => dispatch.recordTourPlanMailOutcome(date, mailId, outcome, { userId: null, commandName: 'RecordTourPlanMailOutcome' }),
        recordOrderMailOutcome: (mailId, outcome) => orderMails.recordOutcome(mailId, outcome, { userId: null, commandName: 'RecordOrderMailOutcome' }),
        logger: log,
        pollIntervalMs: mail.pollIntervalMs,
        retry: mail.retry,
      })
    : null;
  let scheduler: TourPlanScheduler | null = null;
  let deadlineJob: DeadlineWarningJob | null = null;
  // Route optimization: one worker per process that runs the queries; claims make it run once overall.
  const optimizer: OptimizationWorker | null =
    options.queries && options.optimization?.worker !== false
      ? createOptimizationWorker({
          sql: infra.sql,
          bus: infra.bus,
          run: (operationId, workerId, signal) => optimizationCommands(optimization).run(operationId, workerId, undefined, signal),
          leaseMs: optimization.leaseMs,
          pollIntervalMs: options.optimization?.pollIntervalMs,
          logger: log,
        })
      : null;

  let gateway: Awaited<ReturnType<typeof attachSocketGateway>> | null = null;
  return {
    app,
    runner,
    idempotency,
    solverPool,
    /**
     * `optimizer: false` holds the route optimization worker back until startOptimizer(): the demo seed
     * runs optimizations of past days itself, and their claims, dated in the past, would look expired to it.
     */
    async start({ optimizer: withOptimizer = true }: { optimizer?: boolean } = {}) {
      if (options.commands) idempotency.start();
      if (options.queries) {
        gateway = await attachSocketGateway({
          server: app.server,
          bus: infra.bus,
          logger: log,
          securityHeaders: rawSecurityHeaders(scriptHashes),
          verifyToken: (token) => {
            const holder = verifyReaderToken(app, token);
            return holder && { userId: holder.claims.sub, expiresAt: holder.expiresAt };
          },
        });
        await runner.start();
        await mailWorker?.start();
        if (options.deadlineWarnings) deadlineJob = startDeadlineWarningJob({ store: infra.store, registry: infra.registry, sql: infra.sql, logger: log });
        if (withOptimizer) await optimizer?.start();
        if (mail && mail.schedule !== false) {
          scheduler = startTourPlanScheduler({
            request: async (date, slot) => {
              const recipients = await tourPlanRecipients(infra.sql, mail.tourPlanRecipients);
              await dispatch.requestTourPlanMail(date, recipients, slot, { userId: null, commandName: 'ScheduleTourPlanMail' });
            },
            logger: log,
          });
        }
      }
    },
    async startOptimizer() {
      await optimizer?.start();
    },
    async close() {
      idempotency.stop();
      scheduler?.stop();
      await scheduler?.idle();
      await deadlineJob?.stop();
      await mailWorker?.stop();
      await optimizer?.stop();
      await solverPool.close();
      await gateway?.close();
      await runner.stop();
      await app.close();
    },
  };
}
