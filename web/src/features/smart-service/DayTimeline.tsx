import { messages } from '@dispo/domain/messages';

const t = messages.smartServiceScreen;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:00`;

export interface TimelineTour {
  tourId: string;
  tourNumber: string;
  startTime: string;
  endTime: string;
  conflicting: boolean;
}

/**
 * The day's tours and the repair window on one small bar: from 06:00 to 20:00, widened to what the
 * tours and the repair need; conflicting tours red, the repair hatched.
 */
export function DayTimeline({ tours, repair }: { tours: readonly TimelineTour[]; repair: { from: string; minutes: number } }) {
  const repairFrom = minutes(repair.from);
  const repairTo = Math.min(1440, repairFrom + repair.minutes);
  const start = Math.floor(Math.min(360, repairFrom, ...tours.map((x) => minutes(x.startTime))) / 60) * 60;
  const end = Math.ceil(Math.max(1200, repairTo, ...tours.map((x) => minutes(x.endTime))) / 60) * 60;
  const span = end - start;
  const left = (m: number) => `${((m - start) / span) * 100}%`;
  const width = (from: number, to: number) => `${(Math.max(to - from, 5) / span) * 100}%`;
  const hours: number[] = [];
  for (let h = start; h <= end; h += 120) hours.push(h);
  return (
    <div className="smart-timeline">
      <div className="smart-timeline-track">
        {tours.map((x) => (
          <div
            key={x.tourId}
            className={`smart-timeline-tour${x.conflicting ? ' smart-timeline-tour--conflict' : ''}`}
            style={{ left: left(minutes(x.startTime)), width: width(minutes(x.startTime), minutes(x.endTime)) }}
            title={t.tourLine(x.tourNumber, x.startTime, x.endTime)}
          >
            {x.tourNumber}
          </div>
        ))}
        <div
          className="smart-timeline-repair"
          style={{ left: left(repairFrom), width: width(repairFrom, repairTo) }}
          title={`${t.repairWindow} ${repair.from}`}
          aria-label={`${t.repairWindow} ${repair.from}`}
        />
      </div>
      <div className="smart-timeline-hours" aria-hidden="true">
        {hours.map((h) => (
          <span key={h} style={{ left: left(h) }}>
            {clock(h)}
          </span>
        ))}
      </div>
    </div>
  );
}
