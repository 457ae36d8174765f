import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { LogPosition } from '@dispo/events/envelope';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentBodySchema, appointmentInputFromBody, completionBodySchema, completionInputFromBody } from './appointment-body';
import { appointmentCommands } from './appointment-commands';
import { definedOnly, idParams } from './fleet-body';
import type { FleetRouteOptions } from './fleet-route-options';

const tags = ['Fuhrpark'];

/** fleet_manager and dispatcher plan and complete appointments (the Disposition's `Werkstatt` entry); admin always. */
export const APPOINTMENT_WRITERS = ['fleet_manager', 'dispatcher'] as const;

/** Workshop and maintenance appointment commands of vehicles and trailers (docs/api/fleet.md). */
export const appointmentRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  const commands = appointmentCommands(opts);
  const writers = requireRoles(...APPOINTMENT_WRITERS);
  const meta = (userId: string, commandName: string) => ({ userId, commandName });
  const answer = async (appointmentId: string, position: LogPosition, extra: Record<string, unknown> = {}) => {
    await opts.waitForProjections(position);
    const appointment = await opts.readAppointment(appointmentId);
    if (!appointment) throw new HttpError(404, messages.workshopScreen.appointmentNotFound);
    return { success: true as const, appointment, ...extra };
  };

  app.post(
    '/api/vehicles/:id/appointments',
    { onRequest: writers, schema: { tags, params: idParams, body: appointmentBodySchema } },
    async (req, reply) => {
      const appointmentId = randomUUID();
      const input = appointmentInputFromBody(req.body);
      const trailerId = req.body.aufliegerId;
      // The trailer suggestion accepted: the appointment is the coupled trailer's, remembering the vehicle.
      const { position } = trailerId
        ? await commands.planAppointment(appointmentId, { kind: 'trailer', id: trailerId }, input, meta(req.user.sub, 'PlanAppointment'), {
            originalVehicleId: req.params.id,
            detectedKeywords: req.body.detectedKeywords ?? [],
          })
        : await commands.planAppointment(appointmentId, { kind: 'vehicle', id: req.params.id }, input, meta(req.user.sub, 'PlanAppointment'));
      reply.code(201);
      return answer(appointmentId, position);
    },
  );

  app.post(
    '/api/auflieger/:id/appointments',
    { onRequest: writers, schema: { tags, params: idParams, body: appointmentBodySchema } },
    async (req, reply) => {
      const appointmentId = randomUUID();
      const { aufliegerId: _ignored, detectedKeywords: _none, ...body } = req.body;
      const { position } = await commands.planAppointment(
        appointmentId,
        { kind: 'trailer', id: req.params.id },
        appointmentInputFromBody(body),
        meta(req.user.sub, 'PlanAppointment'),
      );
      reply.code(201);
      return answer(appointmentId, position);
    },
  );

  app.put('/api/appointments/:id', { onRequest: writers, schema: { tags, params: idParams, body: appointmentBodySchema } }, async (req) => {
    const { invoiceAmount, ...body } = req.body;
    const changes = definedOnly(appointmentInputFromBody(body));
    // The invoice amount of a completed appointment is its own command; the details change only while open.
    const invoiceOnly = invoiceAmount !== undefined && Object.keys(changes).length === 0;
    let position = invoiceOnly ? null : (await commands.updateAppointment(req.params.id, changes, meta(req.user.sub, 'UpdateAppointment'))).position;
    if (invoiceAmount !== undefined) {
      position = (await commands.setInvoiceAmount(req.params.id, invoiceAmount, meta(req.user.sub, 'SetAppointmentInvoiceAmount'))).position;
    }
    return answer(req.params.id, position!);
  });

  app.delete('/api/appointments/:id', { onRequest: writers, schema: { tags, params: idParams } }, async (req) => {
    const { position } = await commands.cancelAppointment(req.params.id, meta(req.user.sub, 'CancelAppointment'));
    return answer(req.params.id, position);
  });

  app.post(
    '/api/appointments/:id/complete',
    { onRequest: writers, schema: { tags, params: idParams, body: completionBodySchema } },
    async (req) => {
      const followUpId = randomUUID();
      const { position, decisions } = await commands.completeAppointment(
        req.params.id,
        (state) => completionInputFromBody(req.body, state),
        followUpId,
        meta(req.user.sub, 'CompleteAppointment'),
      );
      const followUp = decisions.length > 1 ? await answer(followUpId, position) : null;
      return answer(req.params.id, position, { followUp: followUp?.appointment ?? null });
    },
  );
};
