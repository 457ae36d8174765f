import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle, WorkshopAppointment } from '../../api/dispositionTypes';
import { endDrag } from './dragData';
import { clearDragPreview, configureDragPreview, resetDragPreview } from './dragPreview';
import type { TimelineIndicator } from '../../api/utilization';
import {
  assignLanes,
  complexityLevel,
  HEADER_HEIGHT,
  needsVirtualScrolling,
  placeSpan,
  rowHeight,
  slotStarts,
  slotWidth as slotWidthOf,
  tourSpan,
  VEHICLE_COLUMN_WIDTH,
} from './grid';
import type { DispatchSettings } from './settings';
import { addDays, berlinMinutes, clockOf, longGermanDate, minutesOf, todayInBerlin } from './time';
import { clearDropHighlight, type PlacedTour, type RowHandlers, TimelineRow } from './TimelineRow';
import { useNow } from './useNow';
import type { DisplayTour } from './useOptimistic';
import { usePainted } from './usePainted';

const text = messages.dispatchScreen;

export interface TimelineProps {
  date: string;
  vehicles: readonly DispatchVehicle[];
  tours: readonly DisplayTour[];
  settings: Pick<DispatchSettings, 'startHour' | 'endHour' | 'timeInterval' | 'timelineZoom'>;
  selectedIds: ReadonlySet<string>;
  handlers: RowHandlers;
  /** Timeline indicators per vehicle id (visual AI hints on). */
  indicators?: Readonly<Record<string, TimelineIndicator>>;
  /** Colour the slots while an order is dragged (the setting `Visuelle KI-Hinweise`). */
  dragPreview?: boolean;
}

/** §2 "Workshop markers": an appointment today (still upcoming) or tomorrow. */
export function workshopMarker(appointments: readonly WorkshopAppointment[] | undefined, today: string, nowMinutes: number): string | null {
  if (!appointments?.length) return null;
  const open = appointments.filter((appointment) => appointment.status !== 'completed' && appointment.status !== 'not_completed');
  const todays = open.find((appointment) => {
    if (appointment.scheduledDate?.slice(0, 10) !== today) return false;
    const minutes = minutesOf(appointment.time);
    return minutes === null || minutes >= nowMinutes;
  });
  if (todays) return text.workshopToday(todays.time ? clockOf(minutesOf(todays.time) ?? 0) : '');
  const tomorrow = addDays(today, 1);
  const tomorrows = open.find((appointment) => appointment.scheduledDate?.slice(0, 10) === tomorrow);
  if (tomorrows) return text.workshopTomorrow(tomorrows.time ? clockOf(minutesOf(tomorrows.time) ?? 0) : '');
  return null;
}

/** A time label `HH:MM` needs about this many pixels. */
export const MIN_LABEL_WIDTH = 46;

/** Every how many slots a time label fits: a step that divides the hour where it can. */
export function labelStep(slotWidth: number, interval: number): number {
  const needed = Math.max(1, Math.ceil(MIN_LABEL_WIDTH / slotWidth));
  const perHour = 60 / interval;
  if (Number.isInteger(perHour)) for (let step = needed; step <= perHour; step++) if (perHour % step === 0) return step;
  return needed;
}

interface RowModel {
  vehicle: DispatchVehicle;
  tours: PlacedTour[];
  height: number;
  /** What the row was computed from. */
  own: readonly DisplayTour[];
  geometry: string;
}

const NO_TOURS: readonly DisplayTour[] = [];
const NO_SLOTS: readonly number[] = [];

/**
 * The virtual lists start from no size: the first render draws only the overscan, the scroll area is
 * measured in the layout effect, and the visible rows and time labels are drawn before the first
 * paint. A guessed size would draw more or fewer cells than fit, lay them all out, and redraw.
 */
const UNMEASURED = { width: 0, height: 0 };

/**
 * The last row computed per vehicle object. react-query keeps unchanged vehicles and tours the same
 * objects across refetches, so after an assign, a move or a live update only the rows whose tours
 * changed get new props; the others skip rendering (TimelineRow and TourBlock are memoised).
 */
const rowCache = new WeakMap<DispatchVehicle, RowModel>();

function sameTours(a: readonly DisplayTour[], b: readonly DisplayTour[]): boolean {
  return a.length === b.length && a.every((tour, index) => tour === b[index]);
}

function rowOf(vehicle: DispatchVehicle, own: readonly DisplayTour[], geometry: string, startHour: number, endHour: number, timeInterval: number, width: number): RowModel {
  const cached = rowCache.get(vehicle);
  if (cached && cached.geometry === geometry && sameTours(cached.own, own)) return cached;
  const spans = new Map(own.map((tour) => [tour, tourSpan(tour)] as const));
  const { lanes, count } = assignLanes(own, (tour) => spans.get(tour) ?? [0, 0]);
  const placed: PlacedTour[] = [];
  for (const tour of own) {
    const span = spans.get(tour) ?? [0, 0];
    const placement = placeSpan(span, startHour, endHour, timeInterval, width);
    if (placement) placed.push({ tour, span, placement, lane: lanes.get(tour) ?? 0 });
  }
  const row = { vehicle, tours: placed, height: rowHeight(count), own, geometry };
  rowCache.set(vehicle, row);
  return row;
}

/**
 * The timeline of dispatch.md §2: vehicles as rows, slots as columns from startHour to endHour at
 * the interval, a time header, the live current-time line, tours across their start and end. Past
 * the thresholds of §9 only the visible rows and slot cells are drawn (virtual scrolling).
 */
export function Timeline({ date, vehicles, tours, settings, selectedIds, handlers, indicators, dragPreview = false }: TimelineProps) {
  const { startHour, endHour, timeInterval, timelineZoom } = settings;
  const scrollRef = useRef<HTMLDivElement>(null);
  const slots = useMemo(() => slotStarts(startHour, endHour, timeInterval), [startHour, endHour, timeInterval]);
  const width = slotWidthOf(timeInterval, timelineZoom);
  const laneWidth = slots.length * width;
  const labelEvery = labelStep(width, timeInterval);
  const virtual = needsVirtualScrolling(slots.length, vehicles.length, timeInterval);
  const complexity = slots.length * vehicles.length;
  const [draggingTour, setDraggingTour] = useState(false);
  const now = useNow();
  const today = todayInBerlin(now);
  const nowMinutes = berlinMinutes(now);

  /** Tours per vehicle, placed in lanes; a vehicle whose tours did not change keeps its row (and its rendering). */
  const rows = useMemo(() => {
    const byVehicle = new Map<string, DisplayTour[]>();
    for (const tour of tours) {
      const list = byVehicle.get(tour.vehicle_id) ?? [];
      list.push(tour);
      byVehicle.set(tour.vehicle_id, list);
    }
    const geometry = `${startHour}|${endHour}|${timeInterval}|${width}`;
    return vehicles.map((vehicle) => rowOf(vehicle, byVehicle.get(vehicle.id) ?? NO_TOURS, geometry, startHour, endHour, timeInterval, width));
  }, [tours, vehicles, startHour, endHour, timeInterval, width]);

  const offsets = useMemo(() => {
    const result: number[] = [];
    let top = 0;
    for (const row of rows) {
      result.push(top);
      top += row.height;
    }
    return { tops: result, total: top };
  }, [rows]);

  // Without the React Compiler here, the virtualizer's functions are simply called each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rows[index]?.height ?? rowHeight(1),
    overscan: 3,
    scrollMargin: HEADER_HEIGHT,
    enabled: virtual,
    initialRect: UNMEASURED,
  });
  const slotVirtualizer = useVirtualizer({
    horizontal: true,
    count: slots.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => width,
    overscan: 4,
    scrollMargin: VEHICLE_COLUMN_WIDTH,
    enabled: virtual,
    initialRect: UNMEASURED,
  });
  const heightsKey = rows.map((row) => row.height).join(',');
  useEffect(() => {
    rowVirtualizer.measure();
  }, [heightsKey, rowVirtualizer]);
  useEffect(() => {
    slotVirtualizer.measure();
  }, [width, slotVirtualizer]);

  const allRowIndices = useMemo(() => rows.map((_, index) => index), [rows]);
  const allSlotIndices = useMemo(() => slots.map((_, index) => index), [slots]);
  const rowIndices = virtual ? rowVirtualizer.getVirtualItems().map((item) => item.index) : allRowIndices;
  const slotKey = virtual ? slotVirtualizer.getVirtualItems().map((item) => item.index).join(',') : null;
  // A stable array while the visible slot range stays the same keeps the rows' memo working; before
  // the scroll area is measured (first render) no slot is drawn, as no row is.
  const slotIndices = useMemo(() => (slotKey === null ? allSlotIndices : slotKey ? slotKey.split(',').map(Number) : NO_SLOTS), [slotKey, allSlotIndices]);

  // The rows' slot cells take drops and show hints; the grid itself is the lanes' background
  // (dispatch.css). Drawn after the first paint, they do not delay it.
  const painted = usePainted();
  const rowSlotIndices = painted ? slotIndices : NO_SLOTS;

  useEffect(() => {
    configureDragPreview(dragPreview ? { date, startHour, endHour, interval: timeInterval } : null);
    return () => configureDragPreview(null);
  }, [dragPreview, date, startHour, endHour, timeInterval]);

  // The drag ends somewhere else (Escape, outside the window): forget it.
  useEffect(() => {
    const reset = () => {
      clearDropHighlight();
      resetDragPreview();
      setDraggingTour(false);
      endDrag();
    };
    document.addEventListener('dragend', reset);
    document.addEventListener('drop', reset);
    return () => {
      document.removeEventListener('dragend', reset);
      document.removeEventListener('drop', reset);
    };
  }, []);

  const rowHandlers = useMemo<RowHandlers>(
    () => ({
      ...handlers,
      onTourDragStart: (tour) => {
        // After the drag image is taken: tours let drops through to the slots below them.
        requestAnimationFrame(() => setDraggingTour(true));
        handlers.onTourDragStart(tour);
      },
      onDragEnd: () => {
        clearDropHighlight();
        setDraggingTour(false);
        handlers.onDragEnd();
      },
      onDropTour: (tourId, vehicleId, minutes) => {
        setDraggingTour(false);
        handlers.onDropTour(tourId, vehicleId, minutes);
      },
    }),
    [handlers],
  );

  const selectedByVehicle = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const tour of tours) {
      if (!selectedIds.has(tour.id)) continue;
      map.set(tour.vehicle_id, [...(map.get(tour.vehicle_id) ?? []), tour.id]);
    }
    return map;
  }, [tours, selectedIds]);

  const canvasStyle = {
    width: VEHICLE_COLUMN_WIDTH + laneWidth,
    height: HEADER_HEIGHT + offsets.total,
    '--slot-width': `${width}px`,
    '--hour-width': `${width * Math.max(1, 60 / timeInterval)}px`,
  } as CSSProperties;

  const windowStart = startHour * 60;
  const showNow = date === today && nowMinutes >= windowStart && nowMinutes < endHour * 60;
  const nowLeft = ((nowMinutes - windowStart) / timeInterval) * width;
  const currentSlot = showNow ? Math.floor((nowMinutes - windowStart) / timeInterval) : -1;

  // Today: open the day at the current time (an hour before it), once per date.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || scrolledFor.current === date) return;
    scrolledFor.current = date;
    scroller.scrollLeft = showNow ? Math.max(0, nowLeft - (60 / timeInterval) * width) : 0;
  }, [date, showNow, nowLeft, timeInterval, width, vehicles.length]);

  if (vehicles.length === 0) {
    return <p className="timeline-empty panel notice">{text.noVehicles}</p>;
  }

  return (
    <div className={`timeline${draggingTour ? ' timeline--dragging-tour' : ''}${virtual ? ' timeline--virtual' : ''}`} data-virtual={virtual ? 'true' : 'false'}>
      <div ref={scrollRef} className="timeline__scroll" role="region" aria-label={text.timelineLabel(longGermanDate(date))} tabIndex={-1} onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          clearDropHighlight();
          clearDragPreview();
        }
      }}>
        <div className="timeline__canvas" style={canvasStyle}>
          <div className="timeline__header" style={{ height: HEADER_HEIGHT, width: VEHICLE_COLUMN_WIDTH + laneWidth }}>
            <div className="timeline__corner" style={{ width: VEHICLE_COLUMN_WIDTH }}>
              {text.vehicleColumn}
            </div>
            <div className="timeline__times" style={{ width: laneWidth }} aria-hidden="true">
              {slotIndices.map((index) => {
                const minutes = slots[index] ?? 0;
                // Narrow slots (15 minutes at 60 % zoom) label only every few slots, so labels never overlap.
                const labelled = index % labelEvery === 0;
                return (
                  <div
                    key={index}
                    className={`timeline__time${minutes % 60 === 0 ? ' timeline__time--hour' : ''}${index === currentSlot ? ' timeline__time--current' : ''}`}
                    style={{ left: index * width, width }}
                  >
                    {labelled ? clockOf(minutes) : null}
                  </div>
                );
              })}
              {showNow && (
                <div className="timeline__now-label" style={{ left: nowLeft }}>
                  {clockOf(nowMinutes)}
                </div>
              )}
            </div>
          </div>
          <div className="timeline__body" style={{ height: offsets.total }}>
            {rowIndices.map((index) => {
              const row = rows[index];
              if (!row) return null;
              return (
                <TimelineRow
                  key={row.vehicle.id}
                  vehicle={row.vehicle}
                  tours={row.tours}
                  top={offsets.tops[index] ?? 0}
                  height={row.height}
                  laneWidth={laneWidth}
                  slots={slots}
                  slotIndices={rowSlotIndices}
                  slotWidth={width}
                  selectedIds={(selectedByVehicle.get(row.vehicle.id) ?? []).join(' ')}
                  workshop={workshopMarker(row.vehicle.workshop_appointments, today, nowMinutes)}
                  indicator={indicators?.[row.vehicle.id]}
                  handlers={rowHandlers}
                />
              );
            })}
            {showNow && (
              <div className="timeline__now" style={{ left: VEHICLE_COLUMN_WIDTH + nowLeft }} role="img" aria-label={text.currentTime(clockOf(nowMinutes))} title={text.currentTime(clockOf(nowMinutes))} />
            )}
          </div>
        </div>
      </div>
      {virtual && (
        <p className="timeline__info">
          {text.virtualScrolling} · {text.complexity(complexity, text.complexityLevel[complexityLevel(complexity)])}
        </p>
      )}
    </div>
  );
}
