import { memo, type DragEvent as ReactDragEvent } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle } from '../../api/dispositionTypes';
import { activeDrag, dragKindOf, droppedItem } from './dragData';
import { clearDragPreview, previewHover } from './dragPreview';
import type { TimelineIndicator } from '../../api/utilization';
import { VehicleIndicators } from './VehicleIndicators';
import { formatNumber, vehicleStatusLabel, vehicleTypeLabel } from './format';
import { LANE_HEIGHT, type Placement, ROW_PADDING, VEHICLE_COLUMN_WIDTH } from './grid';
import { Icon } from '../../components/icons';
import { TourBlock, type TourBlockHandlers } from './TourBlock';
import { clockOf } from './time';
import type { DisplayTour } from './useOptimistic';

const text = messages.dispatchScreen;

export interface PlacedTour {
  tour: DisplayTour;
  span: [number, number];
  placement: Placement;
  lane: number;
}

export interface RowHandlers extends TourBlockHandlers {
  onDropOrder(orderId: string, vehicleId: string, minutes: number): void;
  onDropOrderOnTour(orderId: string, tour: DisplayTour): void;
  onDropTour(tourId: string, vehicleId: string, minutes: number): void;
  onVehicleMenu(vehicle: DispatchVehicle, x: number, y: number): void;
}

export interface TimelineRowProps {
  vehicle: DispatchVehicle;
  tours: readonly PlacedTour[];
  top: number;
  height: number;
  laneWidth: number;
  slots: readonly number[];
  /** Indices of the slots to draw (all, or the visible ones when virtual). */
  slotIndices: readonly number[];
  slotWidth: number;
  /** Ids of the row's selected tours, space-separated (a string keeps the memo cheap). */
  selectedIds: string;
  workshop: string | null;
  /** The vehicle's timeline indicators (visual AI hints on), else undefined. */
  indicator?: TimelineIndicator;
  handlers: RowHandlers;
}

let highlighted: HTMLElement | null = null;

/** Removes the drop highlight (drop, drag end, leaving the timeline). */
export function clearDropHighlight(): void {
  highlighted?.classList.remove('slot--over');
  highlighted = null;
}

function highlight(element: HTMLElement | null): void {
  if (element === highlighted) return;
  clearDropHighlight();
  if (element) {
    element.classList.add('slot--over');
    highlighted = element;
  }
}

function slotMinutesOf(target: EventTarget | null): number | null {
  const slot = target instanceof Element ? target.closest<HTMLElement>('[data-slot-minutes]') : null;
  return slot ? Number(slot.dataset.slotMinutes) : null;
}

function tourIdOf(target: EventTarget | null): string | null {
  const block = target instanceof Element ? target.closest<HTMLElement>('[data-tour-id]') : null;
  return block?.dataset.tourId ?? null;
}

/** One vehicle: its label and a lane of drop slots with its tours (dispatch.md §2 "Timeline grid"). */
export const TimelineRow = memo(function TimelineRow({ vehicle, tours, top, height, laneWidth, slots, slotIndices, slotWidth, selectedIds, workshop, indicator, handlers }: TimelineRowProps) {
  const plate = vehicle.license_plate || vehicle.licensePlate || vehicle.id;
  const payload = vehicle.payload_kg ?? vehicle.payloadKg ?? null;
  const model = [vehicle.brand && !vehicle.make_model?.startsWith(vehicle.brand) ? vehicle.brand : null, vehicle.make_model].filter(Boolean).join(' ') || vehicleTypeLabel(vehicle.vehicle_type);
  const unavailable = !['active', 'available', 'in_use'].includes(vehicle.status);
  // §4 "Vehicle status": in_use shows Im Einsatz (also while one of its tours is on the road).
  const inUse = vehicle.status === 'in_use' || (vehicle.current_tours ?? []).some((tour) => tour.status === 'in_progress');
  const selected = new Set(selectedIds ? selectedIds.split(' ') : []);

  /** The tour under the pointer when an order is dragged onto a tour: it joins that tour. */
  const tourAt = (target: EventTarget | null) => {
    const id = tourIdOf(target);
    return id ? tours.find((placed) => placed.tour.id === id && !placed.tour.temporary)?.tour : undefined;
  };

  const onDragOver = (event: ReactDragEvent<HTMLDivElement>) => {
    const kind = dragKindOf(event.dataTransfer);
    if (!kind) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    const target = event.target instanceof Element ? event.target : null;
    if (kind === 'order' && tourAt(target)) highlight(target?.closest<HTMLElement>('[data-tour-id]') ?? null);
    else highlight(target?.closest<HTMLElement>('[data-slot-minutes]') ?? null);
    const drag = activeDrag();
    if (kind === 'order' && drag?.kind === 'order') previewHover(event.currentTarget, vehicle.id, drag.id, event);
  };

  const onDrop = (event: ReactDragEvent<HTMLDivElement>) => {
    const item = droppedItem(event.dataTransfer);
    clearDropHighlight();
    clearDragPreview();
    if (!item) return;
    event.preventDefault();
    if (item.kind === 'order') {
      const tour = tourAt(event.target);
      if (tour) {
        handlers.onDropOrderOnTour(item.id, tour);
        return;
      }
    }
    let minutes = slotMinutesOf(event.target);
    if (minutes === null) {
      // Dropped between cells (virtual scrolling): the slot from the pointer position.
      const lane = event.currentTarget.getBoundingClientRect();
      const index = Math.floor((event.clientX - lane.left) / slotWidth);
      minutes = slots[Math.max(0, Math.min(slots.length - 1, index))] ?? null;
    }
    if (minutes === null) return;
    if (item.kind === 'order') handlers.onDropOrder(item.id, vehicle.id, minutes);
    else handlers.onDropTour(item.id, vehicle.id, minutes);
  };

  return (
    <div className="timeline-row" style={{ top, height }} role="group" aria-label={plate} data-vehicle-id={vehicle.id}>
      <button
        type="button"
        className="timeline-row__vehicle"
        style={{ width: VEHICLE_COLUMN_WIDTH }}
        aria-haspopup="menu"
        aria-label={text.vehicleMenu(plate)}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          handlers.onVehicleMenu(vehicle, event.clientX || rect.left + 12, event.clientY || rect.bottom);
        }}
        onContextMenu={(event) => {
          event.preventDefault();
          handlers.onVehicleMenu(vehicle, event.clientX, event.clientY);
        }}
      >
        <span className="timeline-row__plate">
          {plate}
          <VehicleIndicators indicator={indicator} />
          {unavailable && <span className="vehicle-status">{vehicleStatusLabel(vehicle.status)}</span>}
          {!unavailable && inUse && <span className="vehicle-status vehicle-status--in-use">{vehicleStatusLabel('in_use')}</span>}
          {workshop && (
            <span className="workshop-marker" title={workshop} role="img" aria-label={workshop}>
              {/* An SVG, not the wrench emoji: no installed font may have it (it would show as a box). */}
              <Icon name="wrench" size={14} />
            </span>
          )}
        </span>
        <span className="timeline-row__model">
          {model}
          {payload !== null && <> · {text.payloadKg(formatNumber(payload))}</>}
        </span>
        <span className="timeline-row__facts">{[vehicle.home_plant_name, vehicle.driver?.full_name ?? text.noDriver].filter(Boolean).join(' · ')}</span>
      </button>
      <div className="timeline-row__lane" style={{ width: laneWidth }} onDragOver={onDragOver} onDragEnter={onDragOver} onDrop={onDrop}>
        {slotIndices.map((index) => {
          const minutes = slots[index] ?? 0;
          const time = clockOf(minutes);
          return (
            <div
              key={index}
              className="slot"
              style={{ left: index * slotWidth, width: slotWidth }}
              data-slot-minutes={minutes}
              data-time={time}
              title={text.slotLabel(plate, time)}
            />
          );
        })}
        {tours.map(({ tour, span, placement, lane }) => (
          <TourBlock
            key={tour.id}
            tour={tour}
            span={span}
            placement={placement}
            lane={lane}
            top={ROW_PADDING + lane * LANE_HEIGHT + 2}
            height={LANE_HEIGHT - 4}
            selected={selected.has(tour.id)}
            handlers={handlers}
          />
        ))}
      </div>
    </div>
  );
});
