import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { formatDeliveryTime, formatIsoDateDe, formatQuantity } from '../pdf/format';

const t = messages.orderMail;

/** Subjects list the order numbers up to this many; beyond, they count them. */
const NUMBERS_IN_SUBJECT = 3;

export interface OrderMailDraft {
  subject: string;
  message: string;
  /** The fixed copy address every order mail carries (ORDER_MAIL_CC). */
  copyAddress: string;
  /** The orders found, in the order asked, for the modal's summary. */
  orders: { id: string; orderNumber: string }[];
}

interface DraftRow {
  id: string;
  order_number: string;
  delivery_date: string;
  delivery_time_type: string;
  delivery_time_fixed: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  plant_name: string | null;
  delivery_plant_name: string | null;
  material_name: string | null;
  material_specification: string | null;
  quantity: string | number;
  unit: string;
}

/**
 * GET /api/orders/email-preview (orders.md §2.10): a German draft naming each order's number, date,
 * time, route, material and quantity, signed by the user; orders that do not exist are left out.
 */
export async function orderMailDraft(
  sql: SqlExecutor,
  orderIds: readonly string[],
  sender: string | null,
  copyAddress: string,
): Promise<OrderMailDraft | null> {
  const { rows } = await sql.query<DraftRow>(
    `SELECT id, order_number, delivery_date::text AS delivery_date, delivery_time_type, delivery_time_fixed, delivery_time_from,
            delivery_time_to, plant_name, delivery_plant_name, material_name, material_specification, quantity, unit
       FROM read.orders WHERE id = ANY($1::text[])`,
    [[...orderIds]],
  );
  if (rows.length === 0) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const orders = [...new Set(orderIds)].flatMap((id) => byId.get(id) ?? []);
  const lines = orders.map((o) =>
    t.draftLine(
      o.order_number,
      formatIsoDateDe(o.delivery_date),
      formatDeliveryTime({
        deliveryTimeType: o.delivery_time_type as 'fixed' | 'range',
        deliveryTimeFixed: o.delivery_time_fixed,
        deliveryTimeFrom: o.delivery_time_from,
        deliveryTimeTo: o.delivery_time_to,
      }),
      messages.orderMail.routeText(o.plant_name ?? '–', o.delivery_plant_name ?? '–'),
      [o.material_name, o.material_specification].filter(Boolean).join(' ') || '–',
      formatQuantity(Number(o.quantity), o.unit),
    ),
  );
  const numbers = orders.map((o) => o.order_number);
  const firstDate = formatIsoDateDe([...orders].sort((a, b) => a.delivery_date.localeCompare(b.delivery_date))[0]!.delivery_date);
  const subject = numbers.length <= NUMBERS_IN_SUBJECT ? t.draftSubject(numbers.join(', ')) : t.draftSubjectMany(numbers.length, firstDate);
  const message = [
    t.draftGreeting,
    '',
    t.draftIntro(orders.length),
    '',
    ...lines,
    '',
    t.draftAttachments,
    '',
    t.draftClosing,
    ...(sender ? [t.draftSignature(sender)] : []),
  ].join('\n');
  return { subject, message, copyAddress, orders: orders.map((o) => ({ id: o.id, orderNumber: o.order_number })) };
}
