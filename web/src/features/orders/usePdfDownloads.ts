import { useCallback, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { fetchOrderPdf } from '../../api/orders';
import { getToken } from '../../api/session';
import type { Order } from '../../api/types';
import { saveBlob } from '../../components/download';
import { orderPdfFileName, wait } from './download';
import type { FlashApi } from '../../components/useFlash';

/** §4.6/§9: PDF downloads for several orders are spaced 200 ms apart. */
export const PDF_SPACING_MS = 200;

/**
 * Order PDFs: fetched with the bearer token as a blob, saved as Auftrag_{orderNumber}.pdf.
 * Without a logged-in user nothing is fetched (§2.8).
 */
export function usePdfDownloads(flash: Pick<FlashApi, 'success' | 'error'>) {
  const [busy, setBusy] = useState(false);

  const save = useCallback(async (order: Order) => {
    const file = await fetchOrderPdf(order.id);
    saveBlob(file.blob, orderPdfFileName(order.orderNumber));
  }, []);

  const downloadOne = useCallback(
    async (order: Order): Promise<boolean> => {
      if (!getToken()) {
        flash.error(messages.auth.pdfRequiresLogin);
        return false;
      }
      setBusy(true);
      try {
        await save(order);
        return true;
      } catch {
        flash.error(messages.errors.downloadPdf);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [flash, save],
  );

  const downloadMany = useCallback(
    async (orders: readonly Order[]): Promise<void> => {
      if (orders.length === 0) {
        flash.error(messages.validation.selection.selectWithCheckbox);
        return;
      }
      const valid = orders.filter((order) => order.id && order.orderNumber);
      if (valid.length === 0) {
        flash.error(messages.validation.selection.noValidForPdf);
        return;
      }
      if (!getToken()) {
        flash.error(messages.auth.pdfRequiresLogin);
        return;
      }
      setBusy(true);
      let saved = 0;
      let failed = 0;
      try {
        for (const [index, order] of valid.entries()) {
          if (index > 0) await wait(PDF_SPACING_MS);
          try {
            await save(order);
            saved += 1;
          } catch {
            failed += 1;
          }
        }
      } finally {
        setBusy(false);
      }
      if (saved > 0) flash.success(messages.success.pdfsDownloaded(saved));
      if (failed > 0) flash.error(messages.errors.downloadPdfs);
    },
    [flash, save],
  );

  return { busy, downloadOne, downloadMany };
}
