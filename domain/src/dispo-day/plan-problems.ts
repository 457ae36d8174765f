import { messages } from '../messages';
import { clockOf, overlaps, tourSpan } from '../tour/clock';

/** A live (not cancelled, not dissolved) tour of the day as completing the day checks it. */
export interface DayTour {
  tourNumber: string;
  vehicleId: string;
  /** The plate the dispatcher reads; the id when the fleet does not know it. */
  vehicleName: string;
  startTime: string;
  endTime: string | null;
}

/** A vehicle's pending workshop appointment of the day, in minutes of the day. */
export interface DayWorkshopWindow {
  vehicleId: string;
  appointmentType: string;
  from: number;
  to: number;
}

/**
 * What makes a day's plan impossible to drive (issue 31): two tours of one vehicle that overlap, and
 * a tour inside a workshop appointment of its vehicle. Each problem as a German line, in plan order.
 */
export function planProblems(tours: readonly DayTour[], windows: readonly DayWorkshopWindow[]): string[] {
  const sorted = [...tours].sort((a, b) => a.vehicleName.localeCompare(b.vehicleName) || a.startTime.localeCompare(b.startTime));
  const problems: string[] = [];
  sorted.forEach((tour, i) => {
    const span = tourSpan(tour.startTime, tour.endTime);
    for (const other of sorted.slice(i + 1)) {
      if (other.vehicleId === tour.vehicleId && overlaps(span, tourSpan(other.startTime, other.endTime))) {
        problems.push(messages.dispatch.toursOverlap(tour.vehicleName, tour.tourNumber, other.tourNumber));
      }
    }
    for (const w of windows) {
      if (w.vehicleId === tour.vehicleId && overlaps(span, [w.from, w.to])) {
        problems.push(
          messages.dispatch.tourInWorkshopWindow(tour.vehicleName, tour.tourNumber, w.appointmentType, clockOf(w.from), clockOf(w.to)),
        );
      }
    }
  });
  return problems;
}
