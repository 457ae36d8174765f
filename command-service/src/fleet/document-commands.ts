import { vehicleDecider } from '@dispo/domain/vehicle/index';
import type { DocumentCategory } from '@dispo/events/catalog/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
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
 * event ever points at missing bytes. Bytes of a failed append stay unreferenced and harmless.
 */
export function documentCommands(ctx: { store: EventStore; registry: EventRegistry; blobs: BlobStore }) {
  const load = (vehicleId: string) => loadAggregate(ctx.store, vehicleDecider, streamIds.vehicle(vehicleId));
  return {
    addDocument(vehicleId: string, documentId: string, upload: UploadedDocument, meta: CommandMeta) {
      const sha256 = sha256Hex(upload.content);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const { state, version } = await load(vehicleId);
        const events = vehicleDecider.decide(
          { type: 'AddVehicleDocument', vehicleId, documentId, ...upload, sha256, userId: meta.userId, now: commandTime(meta) },
          state,
        );
        const added = events.find((e) => e.type === 'VehicleDocumentAdded');
        if (added) await ctx.blobs.put(upload.content, added.data.contentType);
        return [{ streamId: streamIds.vehicle(vehicleId), expectedVersion: version, events }];
      });
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
