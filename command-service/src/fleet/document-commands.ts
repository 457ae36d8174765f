import { DomainError } from '@dispo/domain/decider';
import { vehicleDecider } from '@dispo/domain/vehicle/index';
import type { DocumentCategory } from '@dispo/events/catalog/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import type { BlobStore } from '@dispo/platform/storage/blob-store';
import { sha256Hex } from '@dispo/platform/storage/blob-store';
import { type CommandMeta, commandTime, executeCommand, loadAggregate } from '../command-handler';

export interface UploadedDocument {
  fileName: string | null;
  category: DocumentCategory | null;
  content: Buffer;
}

/**
 * Vehicle documents: the decider checks the upload (a PDF by content, at most 20 MB) before the
 * bytes are stored, and the bytes are stored before the event that names them is appended, so no
 * event ever points at missing bytes. The bytes are held while the command runs and settled after
 * it: when no event was appended (refused, or 409 after a concurrent change), they are deleted unless
 * another upload holds or an event names them (BlobStore).
 */
export function documentCommands(ctx: { store: EventStore; registry: EventRegistry; blobs: BlobStore }) {
  const load = (vehicleId: string) => loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(vehicleId));
  return {
    async addDocument(vehicleId: string, documentId: string, upload: UploadedDocument, meta: CommandMeta) {
      const sha256 = sha256Hex(upload.content);
      let held = false;
      // Unknown until the command ends: an error of the database may come after the append committed.
      let named = true;
      try {
        const result = await executeCommand(ctx.store, ctx.registry, meta, async () => {
          const { state, version } = await load(vehicleId);
          const events = vehicleDecider.decide(
            { type: 'AddVehicleDocument', vehicleId, documentId, ...upload, sha256, userId: meta.userId, now: commandTime(meta) },
            state,
          );
          const added = events.find((e) => e.type === 'VehicleDocumentAdded');
          // A retry after a conflict holds the bytes already.
          if (added && !held) {
            await ctx.blobs.hold(upload.content, added.data.contentType);
            held = true;
          }
          return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }];
        });
        named = result.decisions.length > 0;
        return result;
      } catch (error) {
        // A refusal or a conflict appended nothing; any other failure keeps the bytes, to be safe.
        if (error instanceof DomainError || error instanceof HttpError) named = false;
        throw error;
      } finally {
        if (held) await ctx.blobs.settle(sha256, named);
      }
    },

    removeDocument(vehicleId: string, documentId: string, meta: CommandMeta) {
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(vehicleId);
        const events = vehicleDecider.decide(
          { type: 'RemoveVehicleDocument', vehicleId, documentId, userId: meta.userId, now: commandTime(meta) },
          state,
        );
        return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }];
      });
    },
  };
}
