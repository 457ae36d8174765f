import { messages } from '@dispo/domain/messages';
import { minutesOf } from '@dispo/domain/tour/clock';
import { deliveryWindow } from '@dispo/domain/utilization/index';
import { readerRoles, requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { localDateText, requestText } from '@dispo/platform/http/text-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderFacts } from '../utilization/day-schedule';
import { DEFAULT_WINDOW, type HourWindow, type UtilizationService } from '../utilization/utilization-service';

export interface UtilizationRouteOptions {
  utilization: UtilizationService;
  today(): string;
}

const date = localDateText();
const id = requestText().trim().min(1).max(100);
const hour = z.coerce.number().int().min(0).max(24);
const windowQuery = { date: date.optional(), startHour: hour.optional(), endHour: hour.optional() };
const clockText = requestText().regex(/^([01]\d|2[0-3]):[0-5]\d/, messages.validation.invalidTime);
const coordinate = z.number().finite();

function windowOf(query: { startHour?: number; endHour?: number }): HourWindow {
  const window = { startHour: query.startHour ?? DEFAULT_WINDOW.startHour, endHour: query.endHour ?? DEFAULT_WINDOW.endHour };
  if (window.startHour >= window.endHour) throw new HttpError(400, messages.utilization.invalidTimeRange);
  return window;
}

/** `endLocation` is JSON of lat, lng, address (dispatch.md §7). */
const endLocationSchema = z.object({ lat: coordinate.min(-90).max(90), lng: coordinate.min(-180).max(180), address: z.string().max(300).nullish() });
function endLocationOf(text: string | undefined) {
  if (text === undefined || text === '') return null;
  try {
    const parsed = endLocationSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { lat: parsed.data.lat, lng: parsed.data.lng };
  } catch {
    // not JSON: refused below
  }
  throw new HttpError(400, messages.utilization.invalidEndLocation);
}

/** dispatch.md §7 "Drag preview" body; the order's stored facts win over what the client sends. */
const dragPreviewBody = z.strictObject({
  vehicleId: id,
  selectedDate: date,
  orderData: z.object({
    orderId: id.optional(),
    orderNumber: requestText().max(100).optional(),
    material: requestText().max(200).nullish(),
    customer: requestText().max(200).nullish(),
    lat: coordinate.nullish(),
    lng: coordinate.nullish(),
    loadingLat: coordinate.nullish(),
    loadingLng: coordinate.nullish(),
    loadingPlantName: requestText().max(200).nullish(),
    deliveryPlantName: requestText().max(200).nullish(),
    deliveryAddress: requestText().max(300).nullish(),
    quantity: z.number().finite().nonnegative().nullish(),
    timeWindow: z.object({ from: clockText.nullish(), to: clockText.nullish(), preferred: clockText.nullish() }).nullish(),
  }),
  timeRange: z
    .strictObject({ startHour: z.number().int().min(0).max(23), endHour: z.number().int().min(1).max(24), interval: z.number().int().min(5).max(240) })
    .optional(),
});

/** The order of a drag preview from the body alone (an order the read side does not know yet). */
function orderFromBody(body: z.infer<typeof dragPreviewBody>['orderData']): OrderFacts {
  const point = (lat: number | null | undefined, lng: number | null | undefined) => (lat == null || lng == null ? null : { lat, lng });
  const at = (time: string | null | undefined) => (time ? minutesOf(time.slice(0, 5)) : null);
  const window = body.timeWindow;
  return {
    id: body.orderId ?? '',
    orderNumber: body.orderNumber ?? '',
    status: 'offen',
    deliveryDate: '',
    material: body.material ?? null,
    customer: body.customer ?? null,
    tons: body.quantity ?? 0,
    loading: point(body.loadingLat, body.loadingLng),
    delivery: point(body.lat, body.lng),
    loadingName: body.loadingPlantName ?? null,
    deliveryName: body.deliveryPlantName ?? null,
    deliveryAddress: body.deliveryAddress ?? null,
    deliveryCity: null,
    window: deliveryWindow({ type: window?.preferred ? 'fixed' : 'range', fixed: at(window?.preferred), from: at(window?.from), to: at(window?.to) }),
  };
}

/**
 * Utilisation, timeline indicators and drag preview (dispatch.md §7), computed on the server from the
 * planned day and the travel model. Reads: every role.
 */
export const utilizationRoutes: FastifyPluginAsyncZod<UtilizationRouteOptions> = async (app, opts) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const tags = ['Auslastung'];
  const { utilization } = opts;
  const found = <T>(value: T | null): T => {
    if (value === null) throw new HttpError(404, messages.utilization.vehicleNotFound);
    return value;
  };

  app.get('/api/utilization/analyze', { ...read, schema: { tags, querystring: z.strictObject(windowQuery) } }, async (req) =>
    utilization.analyze(req.query.date ?? opts.today(), windowOf(req.query)),
  );

  app.get('/api/utilization/vehicle/:id/schedule', { ...read, schema: { tags, params: z.strictObject({ id }), querystring: z.strictObject(windowQuery) } }, async (req) =>
    found(await utilization.schedule(req.params.id, req.query.date ?? opts.today(), windowOf(req.query))),
  );

  app.get(
    '/api/utilization/vehicle/:id/connections',
    { ...read, schema: { tags, params: z.strictObject({ id }), querystring: z.strictObject({ ...windowQuery, endLocation: requestText().max(500).optional() }) } },
    async (req) => found(await utilization.connections(req.params.id, req.query.date ?? opts.today(), endLocationOf(req.query.endLocation), windowOf(req.query))),
  );

  app.get(
    '/api/utilization/vehicle/:id/realtime-traffic',
    { ...read, schema: { tags, params: z.strictObject({ id }), querystring: z.strictObject({ date: date.optional() }) } },
    async (req) => found(await utilization.traffic(req.params.id, req.query.date ?? opts.today())),
  );

  app.get('/api/utilization/timeline-indicators', { ...read, schema: { tags, querystring: z.strictObject(windowQuery) } }, async (req) =>
    utilization.indicators(req.query.date ?? opts.today(), windowOf(req.query)),
  );

  app.post('/api/drag-preview', { ...read, schema: { tags, body: dragPreviewBody } }, async (req) => {
    const { vehicleId, selectedDate, orderData, timeRange } = req.body;
    const window = { ...windowOf(timeRange ?? {}), interval: timeRange?.interval ?? 30 };
    const stored = orderData.orderId ? await utilization.order(orderData.orderId) : null;
    return found(await utilization.dragPreview({ vehicleId, date: selectedDate, order: stored ?? orderFromBody(orderData), window }));
  });

  app.get('/api/mosi-ai/tours/:id/connections', { ...read, schema: { tags: ['MOSI'], params: z.strictObject({ id }) } }, async (req) => {
    const answer = await utilization.mosiSuggestions(req.params.id);
    if (!answer) throw new HttpError(404, messages.dispatch.tourNotFound);
    return answer;
  });
};
