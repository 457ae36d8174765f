import { useCallback, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { fetchStornoPdf, useBulkStatus, useDeleteOrder, useDuplicateOrder, usePatchOrder, useStornoOrder, useUnlockDeliveryData } from '../../api/orders';
import type { Order, OrderPatch, OrderStatus } from '../../api/types';
import { saveBlob } from '../../components/download';
import { stornoPdfFileName, wait } from './download';
import type { InlineChange } from './gridContext';
import type { DeleteMode } from './DeleteOrderDialog';
import { isIsoDate, parseTimeInput, sameTime } from './time';
import type { FlashApi } from '../../components/useFlash';
import { PDF_SPACING_MS } from './usePdfDownloads';

/** A bulk answer names at most this many refused orders, then "+N weitere". */
const BULK_FAILURES_SHOWN = 3;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The PATCH an inline edit asks for, or an error text; null when nothing changed. */
export function patchForInlineChange(order: Order, change: InlineChange): { patch: OrderPatch } | { error: string } | null {
  const patch: OrderPatch = {};
  if (change.column === 'schedule') {
    const { date, time } = change.value;
    if (!isIsoDate(date)) return { error: messages.validation.invalidDate };
    const parsed = parseTimeInput(time);
    if (!parsed.ok) return { error: parsed.reason === 'order' ? messages.validation.timeRangeOrder : messages.validation.invalidTime };
    if (date !== order.deliveryDate.slice(0, 10)) patch.delivery_date = date;
    if (!sameTime(parsed.time, order)) {
      patch.delivery_time_type = parsed.time.type;
      patch.delivery_time_fixed = parsed.time.fixed;
      patch.delivery_time_from = parsed.time.from;
      patch.delivery_time_to = parsed.time.to;
    }
  } else if (change.column === 'route') {
    const quantity = Number(change.value.quantity.replace(',', '.'));
    if (change.value.quantity.trim() === '' || !Number.isFinite(quantity) || quantity <= 0) {
      return { error: messages.validation.wizard.quantityPositive };
    }
    if (change.value.materialId && change.value.materialId !== order.materialId) patch.material_id = change.value.materialId;
    if (quantity !== order.quantity) patch.quantity = quantity;
  } else if (change.column === 'billing') {
    // §4.3: only what is filled in is saved (an empty field never clears a recorded value).
    const slip = change.value.slip.trim();
    const weightText = change.value.weight.trim();
    if (slip !== '' && slip !== (order.deliverySlipNumber ?? '')) patch.delivery_slip_number = slip;
    if (weightText !== '') {
      const weight = Number(weightText.replace(',', '.'));
      if (!Number.isFinite(weight) || weight <= 0) return { error: messages.orderScreen.invalidWeight };
      const rounded = Math.round(weight * 100) / 100;
      if (rounded !== order.actualWeight) patch.actual_weight = rounded;
    }
  } else if (change.value && change.value !== order.status) {
    patch.status = change.value;
  }
  return Object.keys(patch).length > 0 ? { patch } : null;
}

/**
 * The writes of the order page with their German messages (§8): inline edit, duplicate, delete or
 * storno, bulk status.
 */
export function useOrderMutations(flash: Pick<FlashApi, 'success' | 'error'>) {
  const patchOrder = usePatchOrder();
  const duplicate = useDuplicateOrder();
  const remove = useDeleteOrder();
  const storno = useStornoOrder();
  const bulk = useBulkStatus();
  const unlock = useUnlockDeliveryData();
  const [removing, setRemoving] = useState(false);

  const applyInlineEdit = useCallback(
    (order: Order, change: InlineChange) => {
      const result = patchForInlineChange(order, change);
      if (!result) return;
      if ('error' in result) {
        flash.error(result.error);
        return;
      }
      patchOrder.mutate(
        { id: order.id, patch: result.patch },
        {
          onSuccess: () => flash.success(messages.success.orderUpdated),
          onError: (error) => flash.error(`${messages.errors.update}: ${error.message}`),
        },
      );
    },
    [flash, patchOrder],
  );

  /** §2.11: after the data confirm modal; the error names what failed to save (§8.2). */
  const saveDeliveryData = useCallback(
    (order: Order, patch: OrderPatch, done?: () => void) => {
      patchOrder.mutate(
        { id: order.id, patch },
        {
          onSuccess: () => {
            flash.success(messages.success.orderUpdated);
            done?.();
          },
          onError: (error) => {
            const what = patch.delivery_slip_number !== undefined ? messages.errors.saveDeliverySlip : messages.errors.saveWeight;
            flash.error(`${what}: ${error.message}`);
            done?.();
          },
        },
      );
    },
    [flash, patchOrder],
  );

  const unlockDeliveryData = useCallback(
    (order: Order) => {
      unlock.mutate(order.id, {
        onSuccess: () => flash.success(messages.orderScreen.deliveryDataUnlocked),
        onError: (error) => flash.error(`${messages.errors.update}: ${error.message}`),
      });
    },
    [flash, unlock],
  );

  const duplicateOrder = useCallback(
    (order: Order) => {
      duplicate.mutate(order.id, {
        onSuccess: (answer) => flash.success(messages.success.orderDuplicated(answer.order.orderNumber)),
        onError: (error) => flash.error(`${messages.errors.create}: ${error.message}`),
      });
    },
    [duplicate, flash],
  );

  /** Deletes open orders, or downloads each storno PDF and then removes the order (§4.4). True when all went through. */
  const removeOrders = useCallback(
    async (orders: readonly Order[], mode: DeleteMode): Promise<boolean> => {
      setRemoving(true);
      let done = 0;
      try {
        for (const [index, order] of orders.entries()) {
          if (mode === 'storno') {
            if (index > 0) await wait(PDF_SPACING_MS);
            try {
              const file = await fetchStornoPdf(order.id);
              saveBlob(file.blob, file.fileName ?? stornoPdfFileName(order.orderNumber));
            } catch (error) {
              flash.error(`${messages.errors.createStornoPdf}: ${errorText(error)}`);
              return false;
            }
            await storno.mutateAsync(order.id);
          } else {
            await remove.mutateAsync(order.id);
          }
          done += 1;
        }
      } catch (error) {
        flash.error(`${messages.errors.delete}: ${errorText(error)}`);
        return false;
      } finally {
        setRemoving(false);
        if (done > 0) {
          if (mode === 'storno') flash.success(done === 1 ? messages.success.stornoCreated : messages.orderScreen.stornosCreated(done));
          else flash.success(done === 1 ? messages.success.orderDeleted : messages.orderScreen.ordersDeleted(done));
        }
      }
      return true;
    },
    [flash, remove, storno],
  );

  const bulkStatus = useCallback(
    (orders: readonly Order[], status: OrderStatus, onDone?: () => void) => {
      if (orders.length === 0) {
        flash.error(messages.validation.selection.selectAtLeastOne);
        return;
      }
      bulk.mutate(
        { orderIds: orders.map((order) => order.id), status },
        {
          onSuccess: (answer) => {
            if (answer.updated > 0) flash.success(messages.success.ordersUpdated(answer.updated));
            const failed = answer.failed ?? [];
            if (failed.length > 0) {
              const shown = failed.slice(0, BULK_FAILURES_SHOWN).map((failure) => `${failure.orderNumber ?? failure.id}: ${failure.error}`);
              if (failed.length > BULK_FAILURES_SHOWN) shown.push(messages.dispositionPipeline.more(failed.length - BULK_FAILURES_SHOWN));
              flash.error(`${messages.errors.bulkUpdate}: ${shown.join('; ')}`);
            }
            onDone?.();
          },
          onError: (error) => flash.error(`${messages.errors.bulkUpdate}: ${error.message}`),
        },
      );
    },
    [bulk, flash],
  );

  return {
    applyInlineEdit,
    saveDeliveryData,
    unlockDeliveryData,
    savingDeliveryData: patchOrder.isPending,
    duplicateOrder,
    removeOrders,
    bulkStatus,
    removing,
    bulkPending: bulk.isPending,
    duplicating: duplicate.isPending,
  };
}
