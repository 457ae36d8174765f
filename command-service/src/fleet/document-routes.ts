import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { messages } from '@dispo/domain/messages';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_MB } from '@dispo/domain/vehicle/index';
import { documentCategorySchema } from '@dispo/events/catalog/index';
import { requireRoles } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { bodyDigest } from '@dispo/platform/http/idempotency';
import { requestText } from '@dispo/platform/http/text-schemas';
import { blobStore } from '@dispo/platform/storage/blob-store';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentCommands, type UploadedDocument } from './document-commands';
import { idParams } from './fleet-body';
import { FLEET_WRITERS, type FleetRouteOptions } from './fleet-route-options';

const tags = ['Fuhrpark'];
const documentParams = z.strictObject({ id: requestText().trim().min(1).max(100), documentId: requestText().trim().min(1).max(100) });
/** The form fields beside the file; the category is optional (Sonstiges by default). */
const uploadFields = z.strictObject({ category: z.preprocess((v) => (v === '' ? null : v), documentCategorySchema.nullable()).optional() });
/** The whole form as the OpenAPI document shows it (readUpload reads it part by part). */
const uploadForm = z.strictObject({
  file: z.string().meta({ format: 'binary', description: `Das PDF, höchstens ${MAX_DOCUMENT_MB} MB` }),
  category: documentCategorySchema.optional(),
});

/**
 * Reads the one file and the category of a multipart upload, in whatever order they come. The file
 * is read into memory up to the limit: 20 MB is small next to what the database takes per value.
 */
async function readUpload(req: FastifyRequest): Promise<UploadedDocument> {
  if (!req.isMultipart()) throw new HttpError(400, messages.fleetCommands.documentMissing);
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (file) throw new HttpError(400, messages.fleetCommands.documentMissing);
        file = { fileName: part.filename, content };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, messages.fleetCommands.documentTooLarge(MAX_DOCUMENT_MB));
    // Whatever else the multipart reader stumbles over (no boundary, a truncated or malformed part,
    // too many parts) is the body's fault.
    throw new HttpError(400, messages.fleetCommands.uploadUnreadable);
  }
  if (!file) throw new HttpError(400, messages.fleetCommands.documentMissing);
  const parsed = uploadFields.safeParse(fields);
  if (!parsed.success) {
    const unknown = Object.keys(fields).find((key) => key !== 'category');
    throw new HttpError(400, unknown ? messages.http.unknownField(unknown) : messages.http.invalidField('category'));
  }
  return { fileName: file.fileName, category: parsed.data.category ?? null, content: file.content };
}

/** Uploads read before the handler, so that an Idempotency-Key compares their bytes (ADR 0021). */
const uploads = new WeakMap<FastifyRequest, UploadedDocument>();

async function readUploadFirst(req: FastifyRequest): Promise<void> {
  const upload = await readUpload(req);
  uploads.set(req, upload);
  req.bodyDigest = bodyDigest([upload.fileName ?? '', upload.category ?? '', upload.content]);
}

/** POST /api/vehicles/:id/documents (multipart: file, category) and DELETE of one document. */
export const documentRoutes: FastifyPluginAsyncZod<FleetRouteOptions> = async (app, opts) => {
  // Registered here, so that only these routes take multipart bodies.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 } });
  const commands = documentCommands({ ...opts, blobs: blobStore(opts.sql) });
  const writers = requireRoles(...FLEET_WRITERS);

  app.post(
    '/api/vehicles/:id/documents',
    {
      onRequest: writers,
      preValidation: readUploadFirst,
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipartBody: uploadForm },
    },
    async (req, reply) => {
      const upload = uploads.get(req)!;
      const documentId = randomUUID();
      const { position } = await commands.addDocument(req.params.id, documentId, upload, {
        userId: req.user.sub,
        commandName: 'AddVehicleDocument',
      });
      await opts.waitForProjections(position);
      reply.code(201);
      return { success: true, document: await opts.readDocument(req.params.id, documentId) };
    },
  );

  app.delete('/api/vehicles/:id/documents/:documentId', { onRequest: writers, schema: { tags, params: documentParams } }, async (req) => {
    const { position } = await commands.removeDocument(req.params.id, req.params.documentId, {
      userId: req.user.sub,
      commandName: 'RemoveVehicleDocument',
    });
    await opts.waitForProjections(position);
    return { success: true };
  });
};
