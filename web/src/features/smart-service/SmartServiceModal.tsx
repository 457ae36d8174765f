import { useId, useMemo, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { isApiError } from '../../api/errors';
import {
  type AffectedTour,
  type RankedWorkshop,
  type RedistributeAnswer,
  type RedistributionPlan,
  type SmartServiceAnalysis,
  useBookAppointment,
  useRedistributeTours,
  useSmartServiceAnalysis,
} from '../../api/smartService';
import { formatDate } from '../../components/format';
import { Modal } from '../../components/Modal';
import { DEFAULT_RADIUS_KM, RADIUS_OPTIONS } from '@dispo/domain/smart-service/workshop-ranking';
import { DayTimeline } from './DayTimeline';
import './smart-service.css';

const s = messages.smartService;
const t = messages.smartServiceScreen;
const DEFAULT_TIME = '09:00';
type ServiceType = keyof typeof t.serviceTypes;
const SERVICE_TYPES = Object.keys(t.serviceTypes) as ServiceType[];

const withReason = (base: string, error: unknown) => (isApiError(error) && error.fromServer && error.message && error.message !== base ? `${base}: ${error.message}` : base);
const km = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
const stars = (value: number) => value.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface SmartServiceModalProps {
  vehicle: { id: string | null | undefined; plate: string };
  /** The day to look at (the Disposition's date; today in the fleet area). */
  date: string;
  /** Whether the user may redistribute and book (dispatchers, fleet managers, admins). */
  canAct: boolean;
  onClose(): void;
  /** After a booking or redistribution: the page's green line. */
  onDone?(message: string): void;
}

/**
 * One Smart Service modal for the fleet area and the Disposition (fleet.md §2, dispatch.md §2): the
 * day's schedule and the repair's conflicts as a small timeline, the workshops around the vehicle,
 * `Touren umverteilen` with the plan and its result, `Termin buchen` with the booking reference.
 */
export function SmartServiceModal({ vehicle, date: initialDate, canAct, onClose, onDone }: SmartServiceModalProps) {
  const [date, setDate] = useState(initialDate);
  const [radiusKm, setRadiusKm] = useState<number>(DEFAULT_RADIUS_KM);
  const [isEmergency, setEmergency] = useState(false);
  const [appointmentTime, setAppointmentTime] = useState(DEFAULT_TIME);
  const [serviceType, setServiceType] = useState<ServiceType>('');
  const ids = { date: useId(), radius: useId(), emergency: useId(), time: useId(), service: useId() };
  const body = useMemo(
    () => ({
      vehicleId: vehicle.id ?? '',
      selectedDate: date,
      radiusKm,
      isEmergency,
      ...(isEmergency ? {} : { appointmentTime, ...(serviceType ? { serviceType } : {}) }),
    }),
    [vehicle.id, date, radiusKm, isEmergency, appointmentTime, serviceType],
  );
  const query = useSmartServiceAnalysis(body);
  const analysis = query.data?.analysis;

  const title = t.title(vehicle.plate);
  if (!vehicle.id) {
    return (
      <Modal title={title} onClose={onClose} size="large">
        <p className="smart-error" role="alert">
          {s.vehicleIdMissing}
        </p>
      </Modal>
    );
  }

  return (
    <Modal title={title} onClose={onClose} size="large" className="smart-service-modal" closeOnBackdrop={false}>
      <div className="smart-controls">
        <label htmlFor={ids.date}>
          {t.date}
          <input id={ids.date} type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </label>
        <label htmlFor={ids.radius}>
          {t.radius}
          <select id={ids.radius} value={radiusKm} onChange={(e) => setRadiusKm(Number(e.target.value))}>
            {RADIUS_OPTIONS.map((r) => (
              <option key={r} value={r}>
                {t.radiusOption(r)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.time}>
          {t.appointmentTime}
          <input id={ids.time} type="time" value={isEmergency && analysis ? analysis.appointmentTime : appointmentTime} disabled={isEmergency} onChange={(e) => e.target.value && setAppointmentTime(e.target.value)} />
        </label>
        <label htmlFor={ids.service}>
          {t.serviceType}
          <select id={ids.service} value={serviceType} disabled={isEmergency} onChange={(e) => setServiceType(e.target.value as ServiceType)}>
            {SERVICE_TYPES.map((key) => (
              <option key={key} value={key}>
                {t.serviceTypes[key]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.emergency} className="smart-switch">
          <input id={ids.emergency} type="checkbox" checked={isEmergency} onChange={(e) => setEmergency(e.target.checked)} />
          {t.emergency}
        </label>
      </div>
      {query.isError ? (
        <p className="smart-error" role="alert">
          {withReason(s.loadFailed, query.error)}
        </p>
      ) : !query.data ? (
        <p className="smart-loading" role="status">
          {t.loading}
        </p>
      ) : !analysis ? (
        <p className="smart-error" role="alert">
          {s.noData}
        </p>
      ) : (
        <AnalysisView
          key={`${date}|${isEmergency}`}
          analysis={analysis}
          vehicleId={vehicle.id}
          date={date}
          serviceType={isEmergency ? 'emergency' : serviceType || undefined}
          canAct={canAct}
          onTakeSuggestion={(day, time) => {
            setDate(day);
            setAppointmentTime(time);
          }}
          onChanged={() => void query.refetch()}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

interface AnalysisViewProps {
  analysis: SmartServiceAnalysis;
  vehicleId: string;
  date: string;
  serviceType?: string;
  canAct: boolean;
  onTakeSuggestion(date: string, time: string): void;
  onChanged(): void;
  onDone?(message: string): void;
}

function AnalysisView({ analysis, vehicleId, date, serviceType, canAct, onTakeSuggestion, onChanged, onDone }: AnalysisViewProps) {
  const { schedule, conflicts, recommendation, redistributionPlan: plan } = analysis;
  const workshops = analysis.workshops.recommendations;
  const [workshopId, setWorkshopId] = useState<string | null>(recommendation.workshopId);
  const [notes, setNotes] = useState('');
  const [redistribution, setRedistribution] = useState<RedistributeAnswer | null>(null);
  const [redistributeError, setRedistributeError] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ reference: string; message: string } | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  const redistribute = useRedistributeTours();
  const book = useBookAppointment();
  const notesId = useId();
  const conflicting = new Set(conflicts.affectedTours.map((a) => a.tourId));

  const runRedistribution = async () => {
    setRedistributeError(null);
    if (!conflicts.hasConflicts) {
      setRedistributeError(s.noConflicts);
      return;
    }
    try {
      const answer = await redistribute.mutateAsync({
        conflictingVehicleId: vehicleId,
        selectedDate: date,
        conflictingTourIds: conflicts.affectedTours.map((a) => a.tourId),
        appointmentTime: analysis.appointmentTime,
        estimatedDuration: analysis.estimatedDuration,
      });
      setRedistribution(answer);
      if (answer.success) {
        onDone?.(answer.message);
        onChanged();
      }
    } catch (error) {
      setRedistributeError(withReason(s.redistributeFailed, error));
    }
  };

  // Issue 31: a workshop closed at the chosen time is not booked (the server refuses it too).
  const chosen = workshops.find((w) => w.id === workshopId);
  const closedChoice = chosen && !chosen.isOpen ? t.workshopClosedAt(chosen.name, date, analysis.appointmentTime) : null;

  const runBooking = async () => {
    setBookError(null);
    const workshop = workshops.find((w) => w.id === workshopId);
    if (!workshop) {
      setBookError(s.chooseWorkshop);
      return;
    }
    try {
      const answer = await book.mutateAsync({
        vehicleId,
        workshopId: workshop.id,
        workshopName: workshop.name,
        workshopAddress: workshop.address,
        workshopPhone: workshop.phone,
        appointmentDate: date,
        appointmentTime: analysis.appointmentTime,
        estimatedDuration: analysis.estimatedDuration,
        ...(serviceType ? { serviceType } : {}),
        notes: notes.trim() || undefined,
        isEmergency: analysis.emergency,
      });
      setBooked({ reference: answer.bookingReference, message: answer.message });
      onDone?.(answer.message);
      onChanged();
    } catch (error) {
      setBookError(withReason(s.bookingFailed, error));
    }
  };

  return (
    <div className="smart-body">
      <section className="smart-section smart-schedule" aria-label={t.schedule}>
        <h3>{t.schedule}</h3>
        <p className="smart-facts">
          {schedule.toursToday === 0 ? t.noTours : t.toursToday(schedule.toursToday)}
          {schedule.lastTourEnd && <> · {t.lastTourEnd(schedule.lastTourEnd)}</>}
          {conflicts.hasConflicts && <> · {t.availableAgain(conflicts.vehicleAvailableAgain)}</>}
        </p>
        <DayTimeline
          tours={schedule.tours.map((x) => ({ ...x, conflicting: conflicting.has(x.tourId) }))}
          repair={{ from: analysis.appointmentTime, minutes: analysis.estimatedDuration }}
        />
      </section>

      <section className="smart-section" aria-label={t.recommendation}>
        <h3>{t.recommendation}</h3>
        {recommendation.suggestedAppointmentTime && (
          <p className="smart-suggestion">
            <strong>
              {recommendation.suggestedDate === date
                ? t.suggestedTime(recommendation.suggestedAppointmentTime)
                : t.suggestedDateTime(formatDate(recommendation.suggestedDate), recommendation.suggestedAppointmentTime)}
            </strong>
            {!analysis.emergency && (recommendation.suggestedAppointmentTime !== analysis.appointmentTime || recommendation.suggestedDate !== date) && (
              <button type="button" className="button button--small" onClick={() => onTakeSuggestion(recommendation.suggestedDate, recommendation.suggestedAppointmentTime!)}>
                {t.takeSuggestion}
              </button>
            )}
          </p>
        )}
        <p>{recommendation.reasoning}</p>
      </section>

      <section className="smart-section" aria-label={t.conflicts}>
        <h3>{t.conflicts}</h3>
        {!conflicts.hasConflicts ? (
          <p className="smart-muted">{t.noConflictsFound}</p>
        ) : (
          <>
            <p>{t.conflictCount(conflicts.conflictCount, conflicts.totalAffectedOrders)}</p>
            <ul className="smart-conflicts">
              {conflicts.affectedTours.map((a) => (
                <ConflictLine key={a.tourId} tour={a} />
              ))}
            </ul>
          </>
        )}
        {plan && (
          <div className="smart-plan">
            <h4>
              {t.plan}: {t.strategies[plan.strategy]}
            </h4>
            <p>{plan.description}</p>
            {plan.reassignments.length > 0 && (
              <ul>
                {plan.reassignments.map((r) => (
                  <li key={r.tourId}>{t.moved(r.tourNumber, r.toLicensePlate)}</li>
                ))}
              </ul>
            )}
            {plan.unassigned.length > 0 && (
              <ul className="smart-unassigned">
                {plan.unassigned.map((u) => (
                  <li key={u.tourId}>{t.unassignedLine(u.tourNumber, u.message)}</li>
                ))}
              </ul>
            )}
            {plan.vehicles.length > 0 && (
              <>
                <p className="smart-muted">{t.availableVehicles}</p>
                <PlanVehicles vehicles={plan.vehicles} />
              </>
            )}
            {plan.delayMinutes > 0 && <p>{t.delayMinutes(plan.delayMinutes)}</p>}
            <div className="smart-pros-cons">
              <ul className="smart-pros">
                {plan.pros.map((p) => (
                  <li key={p}>+ {p}</li>
                ))}
              </ul>
              <ul className="smart-cons">
                {plan.cons.map((c) => (
                  <li key={c}>− {c}</li>
                ))}
              </ul>
            </div>
          </div>
        )}
        {canAct && conflicts.hasConflicts && !redistribution?.success && (
          <button type="button" className="button" disabled={redistribute.isPending} onClick={() => void runRedistribution()}>
            {redistribute.isPending ? t.redistributing : t.redistribute}
          </button>
        )}
        {redistribution && (
          <div className={redistribution.success ? 'smart-success' : 'smart-error'} role={redistribution.success ? 'status' : 'alert'}>
            <p>{redistribution.message}</p>
            {redistribution.redistributionPlan?.reassignments.map((r) => (
              <p key={r.tourId}>{t.moved(r.tourNumber, r.toLicensePlate)}</p>
            ))}
            {redistribution.success && <p>{t.reassignmentTime(redistribution.redistributionSummary.estimatedReassignmentTime)}</p>}
            <ul>
              {redistribution.recommendedActions.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </div>
        )}
        {redistributeError && (
          <p className="smart-error" role="alert">
            {redistributeError}
          </p>
        )}
      </section>

      <section className="smart-section" aria-label={t.workshops}>
        <h3>
          {t.workshops} ({analysis.workshops.count})
        </h3>
        {workshops.length === 0 ? (
          <p className="smart-muted">{t.noWorkshops}</p>
        ) : (
          <ul className="smart-workshops" role="radiogroup" aria-label={t.workshops}>
            {workshops.map((w) => (
              <WorkshopRow key={w.id} workshop={w} time={analysis.appointmentTime} selected={w.id === workshopId} onSelect={() => setWorkshopId(w.id)} />
            ))}
          </ul>
        )}
        {canAct && !booked && (
          <div className="smart-book">
            <label htmlFor={notesId}>
              {t.notes}
              <input id={notesId} type="text" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
            </label>
            <button type="button" className="button button--primary" disabled={book.isPending || closedChoice !== null} onClick={() => void runBooking()}>
              {book.isPending ? t.booking : t.book}
            </button>
            {closedChoice && <p className="smart-muted">{closedChoice}</p>}
          </div>
        )}
        {booked && (
          <p className="smart-success" role="status">
            {booked.message}
          </p>
        )}
        {bookError && (
          <p className="smart-error" role="alert">
            {bookError}
          </p>
        )}
      </section>
    </div>
  );
}

/** Issue 31: every released vehicle, those in the workshop greyed out with the reason. */
function PlanVehicles({ vehicles }: { vehicles: RedistributionPlan['vehicles'] }) {
  return (
    <ul className="smart-plan-vehicles" aria-label={t.availableVehicles}>
      {vehicles.map((v) => (
        <li key={v.vehicleId} className={v.unsuitableReason ? 'smart-plan-vehicle smart-plan-vehicle--unsuitable' : 'smart-plan-vehicle'} aria-disabled={v.unsuitableReason ? true : undefined}>
          <span className="smart-plan-vehicle__plate">{v.licensePlate}</span>
          {v.unsuitableReason && <span className="smart-plan-vehicle__reason">{v.unsuitableReason}</span>}
        </li>
      ))}
    </ul>
  );
}

function ConflictLine({ tour }: { tour: AffectedTour }) {
  return (
    <li className={`smart-conflict smart-conflict--${tour.severity}`}>
      <span>{t.tourLine(tour.tourNumber, tour.startTime, tour.endTime)}</span>
      <span>{t.conflictTypes[tour.conflictType]}</span>
      <span>{t.ordersOf(tour.affectedOrders)}</span>
      <span className="smart-severity">{t.severities[tour.severity]}</span>
    </li>
  );
}

function WorkshopRow({ workshop: w, time, selected, onSelect }: { workshop: RankedWorkshop; time: string; selected: boolean; onSelect(): void }) {
  return (
    <li>
      <label className={`smart-workshop${selected ? ' smart-workshop--selected' : ''}`}>
        <input type="radio" name="smart-workshop" checked={selected} onChange={onSelect} />
        <span className="smart-workshop-name">
          {w.name}
          {w.mobile && <span className="smart-tag">{t.mobile}</span>}
          {w.preferred && <span className="smart-tag smart-tag--preferred">{t.preferred}</span>}
        </span>
        <span className="smart-workshop-address">{w.address}</span>
        <span className="smart-workshop-facts">
          <span>{t.distance(km(w.distance))}</span>
          <span className={`smart-brand smart-brand--${Math.round(w.brandMatch * 10)}`}>{w.brandLabel}</span>
          <span>{t.rating(stars(w.rating))}</span>
          <span className={w.isOpen ? 'smart-open' : 'smart-closed'}>{w.isOpen ? t.openAt(time) : t.closedAt(time)}</span>
        </span>
      </label>
    </li>
  );
}
