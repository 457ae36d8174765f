import { memo, type MouseEvent as ReactMouseEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { messages } from '@dispo/domain/messages';
import { endDrag, startDrag } from './dragData';
import { tourNumberOf, tourQuantity, tourStatusLabel } from './format';
import type { Placement } from './grid';
import { optimizationLabel } from './optimizationFormat';
import { clockOf } from './time';
import type { DisplayTour } from './useOptimistic';

const text = messages.dispatchScreen;

export interface TourBlockHandlers {
  /** Click: details; Ctrl/Cmd-click: toggles the selection. */
  onTourClick(tour: DisplayTour, event: { ctrlKey: boolean; metaKey: boolean }): void;
  onTourToggle(tour: DisplayTour): void;
  onTourOpen(tour: DisplayTour): void;
  onTourMenu(tour: DisplayTour, x: number, y: number): void;
  onTourDragStart(tour: DisplayTour): void;
  onDragEnd(): void;
}

export interface TourBlockProps {
  tour: DisplayTour;
  span: [number, number];
  placement: Placement;
  lane: number;
  top: number;
  height: number;
  selected: boolean;
  handlers: TourBlockHandlers;
}

/** A tour on its vehicle's row, from its start to its end, coloured by status (dispatch.md §4). */
export const TourBlock = memo(function TourBlock({ tour, span, placement, top, height, selected, handlers }: TourBlockProps) {
  const number = tourNumberOf(tour);
  const status = tourStatusLabel(tour.status);
  const from = clockOf(span[0]);
  const to = clockOf(span[1]);
  const count = text.orderCount(tour.orders.length);
  const first = tour.orders[0]?.transportOrder;
  const route = first ? [first.loadingPlantName, first.deliveryPlantName].filter(Boolean).join(' → ') : '';
  const quantity = tourQuantity(tour);
  const workshop = tour.workshopConflict
    ? messages.workshopScreen.tourInWorkshop(tour.workshopConflict.appointmentType, tour.workshopConflict.from, tour.workshopConflict.to)
    : null;
  const optimization = optimizationLabel(tour.optimization_status, tour.optimization_savings);
  const label = `${text.tourBlockLabel(number || text.tourNew, status, from, to, count)}${tour.hasConflict ? `, ${text.conflict}` : ''}${workshop ? `, ${workshop}` : ''}${optimization ? `, ${optimization}` : ''}${tour.pending ? `, ${messages.dispatch.syncing}` : ''}`;
  const interactive = !tour.temporary;

  const onContextMenu = (event: ReactMouseEvent) => {
    event.preventDefault();
    if (interactive) handlers.onTourMenu(tour, event.clientX, event.clientY);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      handlers.onTourOpen(tour);
    } else if (event.key === ' ') {
      event.preventDefault();
      handlers.onTourToggle(tour);
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      handlers.onTourMenu(tour, rect.left + 8, rect.bottom + 2);
    }
  };

  return (
    <div
      className={[
        'tour-block',
        `tour-block--${tour.status}`,
        selected ? 'tour-block--selected' : '',
        tour.hasConflict || workshop ? 'tour-block--conflict' : '',
        tour.pending ? 'tour-block--pending' : '',
        placement.clippedStart ? 'tour-block--clipped-start' : '',
        placement.clippedEnd ? 'tour-block--clipped-end' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ left: placement.left, width: placement.width, top, height }}
      data-tour-id={tour.id}
      data-testid={`tour-${number || tour.id}`}
      role="button"
      tabIndex={interactive ? 0 : -1}
      aria-label={label}
      aria-pressed={selected}
      aria-disabled={interactive ? undefined : true}
      title={[label, route, quantity].filter(Boolean).join('\n')}
      draggable={interactive}
      onDragStart={(event) => {
        if (!interactive) {
          event.preventDefault();
          return;
        }
        startDrag(event.dataTransfer, 'tour', tour.id, text.tour(number));
        handlers.onTourDragStart(tour);
      }}
      onDragEnd={() => {
        endDrag();
        handlers.onDragEnd();
      }}
      onClick={(event) => {
        if (interactive) handlers.onTourClick(tour, event);
      }}
      onContextMenu={onContextMenu}
      onKeyDown={onKeyDown}
    >
      {/* Two lines of plain text: a tour block is drawn dozens of times at once, each element costs style and layout.
          The tonnes come before the order count: a narrow (one-hour) block cuts the end of the line. */}
      <span className="tour-block__number">
        {tour.temporary ? text.tourNew : number}
        {tour.hasConflict && (
          <span className="tour-block__conflict" title={text.conflictHint} aria-hidden="true">
            ⚠
          </span>
        )}
        {workshop && (
          <span className="tour-block__conflict" title={workshop} aria-hidden="true" data-testid="tour-workshop-conflict">
            ⚠
          </span>
        )}
        {optimization && (
          <span className={`tour-block__optimization tour-block__optimization--${tour.optimization_status}`} data-testid="tour-optimization">
            {optimization}
          </span>
        )}
      </span>
      <span className="tour-block__meta">
        {tour.pending ? (
          <span className="sync-badge">{messages.dispatch.syncing}</span>
        ) : (
          [`${from}–${to}`, quantity, count].filter(Boolean).join(' · ')
        )}
      </span>
    </div>
  );
});
