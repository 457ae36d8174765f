import type { EventData } from '@dispo/events/catalog/index';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

/** read.vehicle_documents: the documents of each vehicle; the bytes lie in blobs.files under sha256. */
export const vehicleDocumentsProjection: Projection = {
  name: 'vehicle_documents',

  ...readTableLifecycle(
    'read.vehicle_documents',
    `id text PRIMARY KEY, vehicle_id text NOT NULL, name text NOT NULL, category text NOT NULL, content_type text NOT NULL,
      size_bytes integer NOT NULL, sha256 text NOT NULL, uploaded_by text, uploaded_at timestamptz NOT NULL`,
    { vehicle_documents_vehicle_idx: 'vehicle_id, uploaded_at' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    switch (event.type) {
      case 'VehicleDocumentAdded': {
        const d = event.data as EventData<'VehicleDocumentAdded'>;
        await tx.query(
          `INSERT INTO read.vehicle_documents (id, vehicle_id, name, category, content_type, size_bytes, sha256, uploaded_by, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [d.documentId, d.vehicleId, d.name, d.category, d.contentType, d.sizeBytes, d.sha256, d.addedBy, d.addedAt],
        );
        return [{ subject: 'dispo.fleet.document_added', payload: { id: d.documentId, vehicleId: d.vehicleId } }];
      }
      case 'VehicleDocumentRemoved': {
        const d = event.data as EventData<'VehicleDocumentRemoved'>;
        await tx.query('DELETE FROM read.vehicle_documents WHERE id = $1', [d.documentId]);
        return [{ subject: 'dispo.fleet.document_removed', payload: { id: d.documentId, vehicleId: d.vehicleId } }];
      }
      case 'VehicleDeleted': {
        const d = event.data as EventData<'VehicleDeleted'>;
        await tx.query('DELETE FROM read.vehicle_documents WHERE vehicle_id = $1', [d.id]);
        return undefined;
      }
    }
    return undefined;
  },
};
