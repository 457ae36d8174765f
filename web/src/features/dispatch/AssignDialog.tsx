import { type FormEvent, useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle } from '../../api/dispositionTypes';
import { Modal } from '../../components/Modal';
import { slotStarts } from './grid';
import type { DispatchSettings } from './settings';
import { clockOf } from './time';

const text = messages.dispatchScreen.assignDialog;

export interface AssignDialogProps {
  mode: 'assign' | 'move';
  title: string;
  vehicles: readonly DispatchVehicle[];
  settings: Pick<DispatchSettings, 'startHour' | 'endHour' | 'timeInterval'>;
  initialVehicleId: string;
  /** Minutes since midnight; snapped to the slot at or before it. */
  initialMinutes: number | null;
  onSubmit(vehicleId: string, minutes: number): void;
  onClose(): void;
}

/** The keyboard way to drag and drop: choose a vehicle and a time slot. */
export function AssignDialog({ mode, title, vehicles, settings, initialVehicleId, initialMinutes, onSubmit, onClose }: AssignDialogProps) {
  const formId = useId();
  const slots = slotStarts(settings.startHour, settings.endHour, settings.timeInterval);
  const snapped = initialMinutes === null ? slots[0] : ([...slots].reverse().find((slot) => slot <= initialMinutes) ?? slots[0]);
  const [vehicleId, setVehicleId] = useState(initialVehicleId || vehicles[0]?.id || '');
  const [minutes, setMinutes] = useState(snapped ?? settings.startHour * 60);
  // A time outside the window (a tour at 05:00 with the window from 06:00) stays selectable.
  const times = slots.includes(minutes) ? slots : [...slots, minutes].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!vehicleId) return;
    onClose();
    onSubmit(vehicleId, minutes);
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {messages.dispatchScreen.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={!vehicleId}>
            {mode === 'assign' ? text.assign : text.move}
          </button>
        </>
      }
    >
      <form id={formId} className="dispatch-form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{text.vehicle}</span>
          <select className="field__input" value={vehicleId} onChange={(event) => setVehicleId(event.target.value)} data-autofocus>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {[vehicle.license_plate, vehicle.make_model].filter(Boolean).join(' – ')}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{text.time}</span>
          <select className="field__input" value={minutes} onChange={(event) => setMinutes(Number(event.target.value))}>
            {times.map((slot) => (
              <option key={slot} value={slot}>
                {clockOf(slot)}
              </option>
            ))}
          </select>
        </label>
      </form>
    </Modal>
  );
}
