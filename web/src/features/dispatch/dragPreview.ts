import { messages } from '@dispo/domain/messages';
import { fetchDragPreview, type SlotRecommendation } from '../../api/utilization';
import { clockOf } from './time';

/**
 * The drag preview of dispatch.md §2, §7: while an open order is dragged over a vehicle, its slots
 * are coloured by the server's recommendation (optimal … occupied), and the hovered slot's reason is
 * shown beside the pointer. Requests go out at most once per 150 ms (§9); a failed one colours
 * nothing (§8). The rows are memoised, so the colours are painted on their slot cells directly.
 */

export const DRAG_PREVIEW_THROTTLE_MS = 150;

export interface PreviewContext {
  date: string;
  startHour: number;
  endHour: number;
  interval: number;
}

const text = messages.dispatchInsights;
let context: PreviewContext | null = null;
/** Answers of this drag, per vehicle and order. */
const answers = new Map<string, SlotRecommendation[] | 'failed'>();
const inFlight = new Set<string>();
let hovered: { row: HTMLElement; vehicleId: string; orderId: string; x: number; y: number; slot: HTMLElement | null } | null = null;
let painted: HTMLElement | null = null;
let lastSent = 0;
let pending: ReturnType<typeof setTimeout> | null = null;
let tip: HTMLElement | null = null;
/** Requests sent (tests read it to see the throttle work). */
let requestCount = 0;

export function dragPreviewRequests(): number {
  return requestCount;
}

/** Set by the timeline: the day and slot range to preview; null switches the preview off. */
export function configureDragPreview(next: PreviewContext | null): void {
  const changed = JSON.stringify(next) !== JSON.stringify(context);
  context = next;
  if (changed) {
    answers.clear();
    clearDragPreview();
  }
}

const keyOf = (vehicleId: string, orderId: string) => `${vehicleId}|${orderId}`;

function unpaint(): void {
  if (!painted) return;
  for (const cell of painted.querySelectorAll<HTMLElement>('[data-preview]')) {
    delete cell.dataset.preview;
    delete cell.dataset.previewReason;
  }
  painted = null;
}

function paint(row: HTMLElement, recommendations: readonly SlotRecommendation[]): void {
  if (painted && painted !== row) unpaint();
  const byTime = new Map(recommendations.map((r) => [r.time, r]));
  for (const cell of row.querySelectorAll<HTMLElement>('[data-slot-minutes]')) {
    const rec = byTime.get(clockOf(Number(cell.dataset.slotMinutes)));
    if (!rec) continue;
    cell.dataset.preview = rec.color;
    cell.dataset.previewReason = rec.reason;
  }
  painted = row;
}

function showTip(): void {
  const rec = hovered?.slot?.dataset.previewReason;
  const color = hovered?.slot?.dataset.preview;
  if (!hovered || !rec || !color) {
    tip?.remove();
    tip = null;
    return;
  }
  if (!tip) {
    tip = document.createElement('div');
    tip.className = 'drag-preview-tip';
    tip.setAttribute('role', 'status');
    document.body.appendChild(tip);
  }
  tip.dataset.color = color;
  tip.textContent = `${text.slotTime(hovered.slot?.dataset.time ?? '')} · ${text.previewColor[color] ?? color}: ${rec}`;
  tip.style.left = `${hovered.x + 14}px`;
  tip.style.top = `${hovered.y + 14}px`;
}

function render(): void {
  if (!hovered) return;
  const answer = answers.get(keyOf(hovered.vehicleId, hovered.orderId));
  if (answer && answer !== 'failed') paint(hovered.row, answer);
  else unpaint();
  showTip();
}

async function send(vehicleId: string, orderId: string): Promise<void> {
  if (!context) return;
  const key = keyOf(vehicleId, orderId);
  inFlight.add(key);
  lastSent = Date.now();
  requestCount += 1;
  const asked = context;
  try {
    const answer = await fetchDragPreview({
      vehicleId,
      selectedDate: asked.date,
      orderData: { orderId },
      timeRange: { startHour: asked.startHour, endHour: asked.endHour, interval: asked.interval },
    });
    if (context === asked) answers.set(key, answer.recommendations ?? []);
  } catch {
    if (context === asked) answers.set(key, 'failed');
  } finally {
    inFlight.delete(key);
  }
  render();
}

function request(): void {
  if (!hovered || !context) return;
  const key = keyOf(hovered.vehicleId, hovered.orderId);
  if (answers.has(key) || inFlight.has(key) || pending) return;
  const wait = lastSent + DRAG_PREVIEW_THROTTLE_MS - Date.now();
  if (wait > 0) {
    // Trailing call: whatever vehicle is hovered when the 150 ms are over.
    pending = setTimeout(() => {
      pending = null;
      request();
    }, wait);
    return;
  }
  void send(hovered.vehicleId, hovered.orderId);
}

/** An order is dragged over a vehicle's lane (dragover: the pointer and the slot under it). */
export function previewHover(row: HTMLElement, vehicleId: string, orderId: string, event: { clientX: number; clientY: number; target: EventTarget | null }): void {
  if (!context) return;
  const slot = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-slot-minutes]') : null;
  hovered = { row, vehicleId, orderId, x: event.clientX, y: event.clientY, slot };
  request();
  render();
}

/** Drag over, dropped or left the timeline: no colours, no tip, no pending request. */
export function clearDragPreview(): void {
  hovered = null;
  if (pending) clearTimeout(pending);
  pending = null;
  unpaint();
  tip?.remove();
  tip = null;
}

/** A new drag starts from nothing: the plan may have changed since the last one. */
export function resetDragPreview(): void {
  clearDragPreview();
  answers.clear();
}
