import { useMemo, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type AppointmentField, appointmentFieldErrors } from '@dispo/domain/workshop-appointment/appointment-fields';
import { PREFERRED_BRAND_MATCH } from '@dispo/domain/smart-service/brand-match';
import { OTHER_WORKSHOP, typesFor } from '@dispo/domain/workshop-appointment/appointment-rules';
import { serverFieldErrors } from '../../../api/errors';
import { type Appointment, type AppointmentBody, useUpdateAppointment, useWorkshops, type Workshop } from '../../../api/workshop';
import { todayInBerlin } from '../../../components/format';
import { DialogButtons, FleetForm } from '../FormModal';
import { InputField, SelectField, TextAreaField } from '../FormField';
import { Modal } from '../../../components/Modal';
import { parseAmount } from './amount';
import './workshop.css';

const w = messages.workshop;
const ws = messages.workshopScreen;

interface EditForm {
  appointmentType: string;
  date: string;
  time: string;
  workshop: string;
  customWorkshop: string;
  location: string;
  notes: string;
  estimatedCost: string;
  responsible: string;
}

const formOf = (a: Appointment): EditForm => ({
  appointmentType: a.type,
  date: a.date,
  time: a.time,
  workshop: a.workshop ?? '',
  customWorkshop: a.customWorkshop ?? '',
  location: a.location ?? '',
  notes: a.notes ?? '',
  estimatedCost: a.estimatedCost === null ? '' : String(a.estimatedCost),
  responsible: a.responsible ?? '',
});

const SUGGESTIONS = 3;

/**
 * fleet.md §2 brand-based suggestions: the nearest preferred workshops (brand match from 0.8: its
 * own brand or a partner, Mercedes, Volkswagen, MAN ...); for a brand without one, the nearest
 * independent ones.
 */
export function suggestedWorkshops(workshops: readonly Workshop[]): { brand: string | null; workshops: Workshop[] } {
  const ofBrand = workshops.filter((shop) => shop.brandMatch >= PREFERRED_BRAND_MATCH);
  if (ofBrand.length > 0) return { brand: ofBrand[0]!.brand, workshops: ofBrand.slice(0, SUGGESTIONS) };
  return { brand: null, workshops: workshops.filter((shop) => shop.brand === null).slice(0, SUGGESTIONS) };
}

/** The body of PUT /api/appointments/:id: every field of the form; cleared ones as null. */
function bodyOf(form: EditForm, kind: Appointment['subjectKind']): AppointmentBody {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const body: AppointmentBody = {
    type: form.appointmentType,
    date: form.date,
    time: form.time,
    workshop: text(form.workshop),
    customWorkshop: form.workshop === OTHER_WORKSHOP ? text(form.customWorkshop) : null,
    location: text(form.location),
    notes: text(form.notes),
  };
  return kind === 'trailer' ? { ...body, cost: parseAmount(form.estimatedCost), responsible: text(form.responsible) } : body;
}

const SERVER_FIELDS: Record<string, AppointmentField> = {
  appointmentType: 'appointmentType',
  type: 'appointmentType',
  date: 'date',
  time: 'time',
  workshop: 'workshop',
  customWorkshop: 'customWorkshop',
  location: 'location',
  estimatedCost: 'estimatedCost',
  cost: 'estimatedCost',
};

/**
 * 'Wartungstermin bearbeiten' (fleet.md §2, §5, §8): every field of the appointment with the
 * messages of §5 under the fields (checked by the same rules the server applies), brand-based
 * workshop suggestions, 'Fehler beim Aktualisieren des Termins' in the red box when the server
 * refuses what no field explains.
 */
export function EditAppointmentDialog({
  appointment,
  onClose,
  onSaved,
}: {
  appointment: Appointment;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const [form, setForm] = useState<EditForm>(() => formOf(appointment));
  const [errors, setErrors] = useState<Partial<Record<AppointmentField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateAppointment();
  const kind = appointment.subjectKind;
  const workshops = useWorkshops(kind === 'vehicle' ? appointment.vehicleId : appointment.originalVehicleId);
  const suggestions = useMemo(() => suggestedWorkshops(workshops.data ?? []), [workshops.data]);
  const quickRepair = form.appointmentType === 'Schnellreparatur';
  const today = todayInBerlin();

  const set = (field: keyof EditForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
  };

  const save = async () => {
    if (update.isPending) return;
    // A kept date may lie in the past (notes of a due appointment); a new one may not (§5).
    const found = appointmentFieldErrors(
      { ...form, estimatedCost: kind === 'trailer' ? parseAmount(form.estimatedCost) : null },
      kind,
      form.date === appointment.date ? null : today,
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await update.mutateAsync({ id: appointment.id, body: bodyOf(form, kind) });
      onSaved(w.updated);
    } catch (error) {
      const shown = serverFieldErrors<AppointmentField>(error, (name) => SERVER_FIELDS[name] ?? null);
      setErrors(shown.errors);
      setFailure(`${w.updateAppointmentFailed}: ${shown.general ?? (error instanceof Error ? error.message : String(error))}`);
    }
  };

  const workshopNames = (workshops.data ?? []).map((shop) => shop.name);
  // A stored workshop the catalogue no longer lists stays choosable.
  const workshopOptions = [...workshopNames, ...(form.workshop && form.workshop !== OTHER_WORKSHOP && !workshopNames.includes(form.workshop) ? [form.workshop] : []), OTHER_WORKSHOP];

  return (
    <Modal
      title={`${w.editTitle} – ${appointment.subjectPlate ?? ''}`}
      onClose={onClose}
      onSave={() => void save()}
      size="medium"
      closeOnBackdrop={false}
      className="workshop-edit"
      footer={<DialogButtons busy={update.isPending} saveLabel={ws.save} onSave={() => void save()} onCancel={onClose} />}
    >
      <FleetForm error={failure} onSubmit={() => void save()}>
        <div className="fleet-form__grid fleet-form__grid--two">
          <SelectField
            id="edit-appointment-type"
            label={ws.stepType}
            required
            value={form.appointmentType}
            onChange={set('appointmentType')}
            options={typesFor(kind)}
            optionLabel={(type) => ws.types[type]}
            none=""
            error={errors.appointmentType ?? null}
            data-autofocus
          />
          <span />
          <InputField id="edit-appointment-date" label={ws.date} type="date" required min={today} value={form.date} onChange={set('date')} error={errors.date ?? null} />
          <InputField id="edit-appointment-time" label={ws.time} type="time" required value={form.time} onChange={set('time')} error={errors.time ?? null} />
        </div>

        {suggestions.workshops.length > 0 && (
          <div className="workshop-suggested" role="group" aria-label={suggestions.brand ? ws.suggestedFor(suggestions.brand) : ws.suggestedNearby}>
            <span className="workshop-suggested__title">{suggestions.brand ? ws.suggestedFor(suggestions.brand) : ws.suggestedNearby}</span>
            {suggestions.workshops.map((shop) => (
              <button
                key={shop.id}
                type="button"
                className={`workshop-chip${form.workshop === shop.name ? ' workshop-chip--selected' : ''}`}
                aria-pressed={form.workshop === shop.name}
                onClick={() => set('workshop')(shop.name)}
              >
                <span className="workshop-chip__name">{shop.name}</span>
                {shop.distance !== null && <span className="workshop-chip__meta">{ws.distanceKm(shop.distance.toLocaleString('de-DE', { maximumFractionDigits: 1 }))}</span>}
              </button>
            ))}
          </div>
        )}

        <div className="fleet-form__grid fleet-form__grid--two">
          <SelectField
            id="edit-appointment-workshop"
            label={ws.workshop}
            required={!quickRepair}
            wide
            value={form.workshop}
            onChange={set('workshop')}
            options={workshopOptions}
            optionLabel={(name) => (name === OTHER_WORKSHOP ? w.otherWorkshop : name)}
            none={ws.chooseWorkshop}
            error={errors.workshop ?? null}
          />
          {form.workshop === OTHER_WORKSHOP && (
            <InputField id="edit-appointment-custom" label={ws.customWorkshop} required wide maxLength={200} value={form.customWorkshop} onChange={set('customWorkshop')} error={errors.customWorkshop ?? null} />
          )}
          <InputField id="edit-appointment-location" label={ws.location} required={quickRepair} wide maxLength={200} value={form.location} onChange={set('location')} error={errors.location ?? null} />
          {kind === 'trailer' && (
            <>
              <InputField id="edit-appointment-cost" label={ws.estimatedCost} type="number" step="0.01" min="0" value={form.estimatedCost} onChange={set('estimatedCost')} error={errors.estimatedCost ?? null} />
              <InputField id="edit-appointment-responsible" label={ws.responsible} maxLength={200} value={form.responsible} onChange={set('responsible')} />
            </>
          )}
          <TextAreaField id="edit-appointment-notes" label={ws.notes} full rows={3} maxLength={4000} value={form.notes} onChange={set('notes')} />
        </div>
      </FleetForm>
    </Modal>
  );
}
