import type { EventData } from '@dispo/events/catalog/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import type { Projection } from '../projection';
import { readTableLifecycle } from './read-table-lifecycle';

/** One row per billing step of an order, for analysts and auditors (docs/read-models.md). */
interface JournalRow {
  orderId: string;
  step: 'delivery_data_recorded' | 'handed_to_billing' | 'confirmed' | 'undone' | 'removed';
  performedBy: string | null;
  performedAt: string;
  reason?: string;
  slip?: string | null;
  weight?: number | null;
}

function rowOf(event: RecordedEvent): JournalRow | null {
  switch (event.type) {
    case 'OrderDeliveryDataRecorded': {
      const d = event.data as EventData<'OrderDeliveryDataRecorded'>;
      return { orderId: d.id, step: 'delivery_data_recorded', performedBy: d.recordedBy, performedAt: d.recordedAt, slip: d.deliverySlipNumber, weight: d.actualWeight };
    }
    case 'OrderHandedToBilling': {
      const d = event.data as EventData<'OrderHandedToBilling'>;
      return { orderId: d.id, step: 'handed_to_billing', performedBy: event.metadata.userId ?? null, performedAt: d.handedAt };
    }
    case 'OrderBillingConfirmed': {
      const d = event.data as EventData<'OrderBillingConfirmed'>;
      return { orderId: d.id, step: 'confirmed', performedBy: d.confirmedBy, performedAt: d.confirmedAt };
    }
    case 'OrderBillingUndone': {
      const d = event.data as EventData<'OrderBillingUndone'>;
      return { orderId: d.id, step: 'undone', performedBy: d.undoneBy, performedAt: d.undoneAt, reason: d.reason };
    }
    case 'OrderRemovedFromBilling': {
      const d = event.data as EventData<'OrderRemovedFromBilling'>;
      return {
        orderId: d.id,
        step: 'removed',
        performedBy: d.removedBy,
        performedAt: d.removedAt,
        slip: d.previousDeliverySlipNumber,
        weight: d.previousActualWeight,
      };
    }
    default:
      return null;
  }
}

/**
 * read.billing_journal: every billing step of every order (slip number and weight recorded, handed
 * over, confirmed, taken back with its reason, removed with the values it cleared), with who and
 * when; each row from its own event only, so a rebuild gives the same rows.
 */
export const billingJournalProjection: Projection = {
  name: 'billing_journal',

  ...readTableLifecycle(
    'read.billing_journal',
    `id text PRIMARY KEY, order_id text NOT NULL, step text NOT NULL, reason text,
      delivery_slip_number text, actual_weight numeric, performed_by text, performed_at timestamptz NOT NULL`,
    { billing_journal_order_idx: 'order_id, performed_at', billing_journal_step_idx: 'step, performed_at' },
  ),

  async apply(tx, event): Promise<Notice[] | undefined> {
    const row = rowOf(event);
    if (!row) return undefined;
    await tx.query(
      `INSERT INTO read.billing_journal (id, order_id, step, reason, delivery_slip_number, actual_weight, performed_by, performed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [event.eventId, row.orderId, row.step, row.reason ?? null, row.slip ?? null, row.weight ?? null, row.performedBy, row.performedAt],
    );
    return undefined;
  },
};
