import { messages } from '@dispo/domain/messages';
import { type AuditState, useAuditStates } from '../../api/audit';
import { todayInBerlin } from '../../components/format';
import { TourDetailBody } from '../dispatch/TourDetailBody';
import { FleetTable } from '../fleet/FleetTable';
import { fuelCardColumns, FuelCardRow, NO_PIN_REVEAL } from '../fleet/FuelCardRow';
import { TrailerDetailFields } from '../fleet/TrailerDetailFields';
import { VehicleDetailBody } from '../fleet/VehicleDetailBody';
import { AppointmentDetailFields } from '../fleet/workshop/AppointmentDetailFields';
import { OrderDetailBody } from '../orders/OrderDetailBody';
import { pastAppointment, pastFields, pastFuelCard, pastOrder, pastStop, pastTour, pastTrailer, pastVehicle } from './pastRecords';

/**
 * A record's state at an instant in the detail layout of today's record (issue 18). Deadlines are
 * judged against the Berlin day of that instant, as they were seen then. A kind without a detail
 * layout of its own (a personal template) shows its labelled fields.
 */
export function PastRecord({ state }: { state: AuditState }) {
  const then = todayInBerlin(new Date(state.at));
  switch (state.kind) {
    case 'order':
      return <OrderDetailBody order={pastOrder(state)} />;
    case 'tour':
      return <PastTour state={state} />;
    case 'vehicle':
      return <VehicleDetailBody vehicle={pastVehicle(state)} today={then} />;
    case 'trailer':
      return (
        <div className="fleet-detail">
          <TrailerDetailFields trailer={pastTrailer(state)} today={then} />
        </div>
      );
    case 'fuel-card':
      return (
        <FleetTable columns={fuelCardColumns()} actions={false}>
          <FuelCardRow card={pastFuelCard(state)} canRevealPin={false} reveal={NO_PIN_REVEAL} />
        </FleetTable>
      );
    case 'appointment':
      return (
        <dl className="fleet-detail__list">
          <AppointmentDetailFields appointment={pastAppointment(state)} />
        </dl>
      );
    default:
      return <FieldGrid state={state} />;
  }
}

/** A tour with its orders as each of them was at the same instant. */
function PastTour({ state }: { state: AuditState }) {
  const orderIds = pastFields(state).value<string[] | null>('orderIds') ?? [];
  const orders = useAuditStates('order', orderIds, state.at);
  if (orders.some((order) => order.isPending)) return <p className="audit__muted">{messages.orderTable.loading}</p>;
  const stops = orders.flatMap((order, index) => (order.data?.exists ? [pastStop(state.id, index + 1, order.data)] : []));
  return <TourDetailBody tour={pastTour(state, stops)} past />;
}

function FieldGrid({ state }: { state: AuditState }) {
  return (
    <dl className="audit__fields">
      {state.fields.map((f) => (
        <div key={f.field} className="audit__field">
          <dt>{f.label}</dt>
          <dd>{f.text}</dd>
        </div>
      ))}
    </dl>
  );
}
