import type { DocumentCategory, VehicleDocumentEvent } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { existingEntity, refuse } from '../shared';
import type { VehicleState } from './vehicle-state';

/** fleet.md §2: vehicle documents are PDF files; the upload limit is 20 MB. */
export const MAX_DOCUMENT_MB = 20;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;
export const PDF_CONTENT_TYPE = 'application/pdf';
const DEFAULT_FILE_NAME = 'Dokument.pdf';
const MAX_NAME_LENGTH = 200;

/** "%PDF-": every PDF starts with it, whatever the file is called. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** True when the bytes are a PDF by their content (a renamed text file is not). */
export function isPdfContent(bytes: Uint8Array): boolean {
  return bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** The file name as stored and offered on download: no path, no control characters, not too long. */
export function documentFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return clean === '' ? DEFAULT_FILE_NAME : clean;
}

export interface AddVehicleDocument {
  type: 'AddVehicleDocument';
  vehicleId: string;
  documentId: string;
  fileName: string | null;
  category?: DocumentCategory | null;
  /** The uploaded bytes, only to check what they are; the handler stores them under `sha256`. */
  content: Uint8Array;
  sha256: string;
  userId: string | null;
  now: string;
}

export interface RemoveVehicleDocument {
  type: 'RemoveVehicleDocument';
  vehicleId: string;
  documentId: string;
  userId: string | null;
  now: string;
}

export function addVehicleDocument(command: AddVehicleDocument, state: VehicleState): VehicleDocumentEvent[] {
  const vehicle = existingEntity(state, messages.fleetCommands.vehicleNotFound);
  if (command.content.length > MAX_DOCUMENT_BYTES) refuse('validation', messages.fleetCommands.documentTooLarge(MAX_DOCUMENT_MB), ['file']);
  if (!isPdfContent(command.content)) refuse('validation', messages.fleet.onlyPdf, ['file']);
  // A retried upload with the same id changes nothing.
  if (vehicle.documents[command.documentId]) return [];
  return [
    {
      type: 'VehicleDocumentAdded',
      data: {
        vehicleId: vehicle.id,
        documentId: command.documentId,
        name: documentFileName(command.fileName),
        category: command.category ?? 'other',
        contentType: PDF_CONTENT_TYPE,
        sizeBytes: command.content.length,
        sha256: command.sha256,
        addedBy: command.userId,
        addedAt: command.now,
      },
    },
  ];
}

export function removeVehicleDocument(command: RemoveVehicleDocument, state: VehicleState): VehicleDocumentEvent[] {
  const vehicle = existingEntity(state, messages.fleetCommands.vehicleNotFound);
  const document = vehicle.documents[command.documentId];
  if (!document) refuse('not_found', messages.fleetCommands.documentNotFound);
  return [
    {
      type: 'VehicleDocumentRemoved',
      data: {
        vehicleId: vehicle.id,
        documentId: command.documentId,
        name: document.name,
        category: document.category,
        removedBy: command.userId,
        removedAt: command.now,
      },
    },
  ];
}
