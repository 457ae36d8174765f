import type { Order } from '../../api/types';

/** Which part of a composite cell the user aimed at; the editor focuses that field. */
export type EditFocus = 'date' | 'time' | 'material' | 'quantity' | null;

export interface RowActions {
  onDetails(order: Order): void;
  onDuplicate(order: Order): void;
  onPdf(order: Order): void;
  onDelete(order: Order): void;
  /** A storno row: unlock its slip number and weight (§2.2). */
  onUnlockDeliveryData(order: Order): void;
}

/** The grid's `context`: one stable object, its handlers always the latest of the page. */
export interface GridContext {
  today: string;
  actions: RowActions;
  /** False for roles that may not change orders: no inline editors, no duplicate or delete. */
  canWrite(): boolean;
  /** The user may record slip numbers and weights (order takers, dispatchers, billing, admins). */
  canRecordDeliveryData(): boolean;
  /** Remembers the pressed part of a cell ... */
  aimEdit(focus: EditFocus): void;
  /** ... which the editor takes once when it opens. */
  takeEditFocus(): EditFocus;
}

/** Value of the Termin & Zeit column while editing. */
export interface ScheduleValue {
  date: string;
  /** '08:00' or '08:00-17:00'. */
  time: string;
}

/** Value of the Route & Material column while editing. */
export interface MaterialValue {
  materialId: string | null;
  materialName: string | null;
  /** As typed; parsed when committed. */
  quantity: string;
}

/** Value of the Abrechnung column while editing: slip number and actual weight as typed. */
export interface DeliveryDataValue {
  slip: string;
  weight: string;
}

export type InlineChange =
  | { column: 'schedule'; value: ScheduleValue }
  | { column: 'route'; value: MaterialValue }
  | { column: 'status'; value: string }
  | { column: 'billing'; value: DeliveryDataValue };
