/**
 * HTML5 drag and drop of the Disposition: an open order card onto a slot (assign), a tour block onto
 * another vehicle or time (move). The ids travel in the DataTransfer (so that native drags and
 * playwright's dragTo work); during dragover only the types are readable, so the kind is also kept here.
 */

export const ORDER_MIME = 'application/x-dispo-order';
export const TOUR_MIME = 'application/x-dispo-tour';

export type DragKind = 'order' | 'tour';

let active: { kind: DragKind; id: string } | null = null;

export function startDrag(dataTransfer: DataTransfer | null, kind: DragKind, id: string, label: string): void {
  active = { kind, id };
  if (!dataTransfer) return;
  try {
    dataTransfer.setData(kind === 'order' ? ORDER_MIME : TOUR_MIME, id);
    dataTransfer.setData('text/plain', label);
    dataTransfer.effectAllowed = 'move';
  } catch {
    // some environments refuse setData outside a real drag: the module state carries the drag
  }
}

export function endDrag(): void {
  active = null;
}

function typesOf(dataTransfer: DataTransfer | null): string[] {
  if (!dataTransfer?.types) return [];
  return Array.from(dataTransfer.types as ArrayLike<string>);
}

/** The kind of the drag in progress (dragover: types only). */
export function dragKindOf(dataTransfer: DataTransfer | null): DragKind | null {
  const types = typesOf(dataTransfer);
  if (types.includes(ORDER_MIME)) return 'order';
  if (types.includes(TOUR_MIME)) return 'tour';
  return active?.kind ?? null;
}

/** On drop: what was dragged. */
export function droppedItem(dataTransfer: DataTransfer | null): { kind: DragKind; id: string } | null {
  const read = (type: string) => {
    try {
      return dataTransfer?.getData(type) ?? '';
    } catch {
      return '';
    }
  };
  const orderId = read(ORDER_MIME);
  if (orderId) return { kind: 'order', id: orderId };
  const tourId = read(TOUR_MIME);
  if (tourId) return { kind: 'tour', id: tourId };
  return active;
}

/** The drag in progress, as this page started it (dragover cannot read the DataTransfer's data). */
export function activeDrag(): { kind: DragKind; id: string } | null {
  return active;
}
