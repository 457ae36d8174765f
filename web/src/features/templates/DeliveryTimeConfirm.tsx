import { messages } from '@dispo/domain/messages';
import { useId, useState } from 'react';
import { InputField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import type { DeliveryChoice, TimeOption } from './templateLogic';

const t = messages.intakeTools;

export interface DeliveryTimeConfirmProps {
  initial: DeliveryChoice;
  /** What "keep" means, e.g. "07:30 Uhr". */
  templateTime: string;
  busy: boolean;
  error: string | null;
  onConfirm(choice: DeliveryChoice): void;
  onClose(): void;
}

/** §2.13 `Lieferzeit bestätigen`: date (next workday), keep the template's time, or a range, or a fixed time. */
export function DeliveryTimeConfirm({ initial, templateTime, busy, error, onConfirm, onClose }: DeliveryTimeConfirmProps) {
  const id = useId();
  const [choice, setChoice] = useState(initial);
  const set = (changes: Partial<DeliveryChoice>) => setChoice((c) => ({ ...c, ...changes }));
  const options: { value: TimeOption; label: string }[] = [
    { value: 'keep', label: `${t.timeOptionKeep} (${templateTime})` },
    { value: 'range', label: t.timeOptionRange },
    { value: 'fixed', label: t.timeOptionFixed },
  ];
  const submit = () => onConfirm(choice);
  return (
    <Modal
      title={messages.templates.confirmDeliveryTimeTitle}
      onClose={onClose}
      onSave={submit}
      size="small"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {messages.orderScreen.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={submit} disabled={busy || !choice.deliveryDate}>
            {busy ? t.creating : t.createFromTemplate}
          </button>
        </>
      }
    >
      <div className="delivery-confirm">
        <InputField id={`${id}-date`} type="date" label={t.deliveryDate} required value={choice.deliveryDate} onChange={(deliveryDate) => set({ deliveryDate })} data-autofocus />
        <fieldset className="delivery-confirm__options">
          <legend className="field__label">{t.timeType}</legend>
          {options.map((o) => (
            <label key={o.value} className="checkbox">
              <input type="radio" name={`${id}-option`} value={o.value} checked={choice.option === o.value} onChange={() => set({ option: o.value })} />
              {o.label}
            </label>
          ))}
        </fieldset>
        {choice.option === 'range' && (
          <div className="delivery-confirm__times">
            <InputField id={`${id}-from`} type="time" label={t.timeFrom} value={choice.timeFrom} onChange={(timeFrom) => set({ timeFrom })} />
            <InputField id={`${id}-to`} type="time" label={t.timeTo} value={choice.timeTo} onChange={(timeTo) => set({ timeTo })} />
          </div>
        )}
        {choice.option === 'fixed' && (
          <InputField id={`${id}-fixed`} type="time" label={t.timeFixed} value={choice.timeFixed} onChange={(timeFixed) => set({ timeFixed })} />
        )}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
