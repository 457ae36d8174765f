import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { downloadVehicleDocument, useDeleteDocument, useUploadDocument } from '../../api/fleet';
import type { DocumentCategory, VehicleDocument } from '../../api/fleetTypes';
import { saveBlob } from '../../components/download';
import type { FlashApi } from '../../components/useFlash';
import { isPdfFile } from './fleetLogic';
import { errorMessage } from './useFleetActions';

/**
 * Upload, view, download and delete of one vehicle's documents (§2 Dokumente), with the messages of
 * §5/§8. Files that are no PDF are refused before anything is sent ('Nur PDF-Dateien sind erlaubt');
 * the server checks the content again.
 */
export function useDocumentFiles(vehicleId: string, flash: FlashApi) {
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const text = messages.fleetScreen;

  /** Uploads the PDFs one after the other; true when every file was stored. */
  const uploadFiles = async (files: readonly File[], category: DocumentCategory): Promise<boolean> => {
    if (files.length === 0) return false;
    if (files.some((file) => !isPdfFile(file))) {
      flash.error(messages.fleet.onlyPdf);
      return false;
    }
    let stored = 0;
    setUploading({ done: 0, total: files.length });
    try {
      for (const file of files) {
        await upload.mutateAsync({ vehicleId, file, category });
        stored += 1;
        setUploading({ done: stored, total: files.length });
      }
      flash.success(stored === 1 ? text.documentUploaded : text.documentsUploaded(stored));
      return true;
    } catch (error) {
      flash.error(stored > 0 ? `${text.documentsUploaded(stored)} ${errorMessage(error)}` : errorMessage(error));
      return false;
    } finally {
      setUploading(null);
    }
  };

  const download = async (document: VehicleDocument) => {
    try {
      const file = await downloadVehicleDocument(vehicleId, document.id);
      saveBlob(file.blob, file.fileName ?? document.name);
    } catch (error) {
      flash.error(errorMessage(error));
    }
  };

  /**
   * Opens the PDF in a new tab. The tab opens at once (a browser only allows that during the click)
   * and gets the file when it has arrived with the bearer token.
   */
  const view = async (document: VehicleDocument) => {
    const tab = window.open('', '_blank');
    try {
      const file = await downloadVehicleDocument(vehicleId, document.id);
      const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else saveBlob(file.blob, file.fileName ?? document.name);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      flash.error(errorMessage(error));
    }
  };

  const deleteDocument = async (document: VehicleDocument): Promise<boolean> => {
    try {
      await remove.mutateAsync({ vehicleId, documentId: document.id });
      flash.success(text.documentDeleted);
      return true;
    } catch (error) {
      flash.error(errorMessage(error));
      return false;
    }
  };

  return { uploadFiles, uploading, download, view, deleteDocument, deleting: remove.isPending };
}
