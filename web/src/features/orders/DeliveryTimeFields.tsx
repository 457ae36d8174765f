import { messages } from '@dispo/domain/messages';
import type { DeliveryTimeType } from '../../api/types';
import { InputField, SelectField } from '../../components/FormField';

const t = messages.intakeTools;

export type DeliveryTimeField = 'deliveryTimeType' | 'deliveryTimeFixed' | 'deliveryTimeFrom' | 'deliveryTimeTo';

export interface DeliveryTimeFieldsProps {
  id: string;
  type: DeliveryTimeType;
  fixed: string;
  from: string;
  to: string;
  onChange(field: DeliveryTimeField, value: string): void;
  errors?: Partial<Record<DeliveryTimeField, string | undefined>>;
}

/** Zeitart with its time: one time for Feste Zeit, from and to for Zeitraum (wizard and template editor). */
export function DeliveryTimeFields({ id, type, fixed, from, to, onChange, errors = {} }: DeliveryTimeFieldsProps) {
  return (
    <>
      <SelectField
        id={`${id}-time-type`}
        label={t.timeType}
        value={type}
        onChange={(value) => onChange('deliveryTimeType', value)}
        options={['fixed', 'range']}
        optionLabel={(option) => messages.labels.deliveryTimeType[option as DeliveryTimeType]}
      />
      {type === 'fixed' ? (
        <InputField
          id={`${id}-fixed`}
          type="time"
          label={t.timeFixed}
          value={fixed}
          onChange={(v) => onChange('deliveryTimeFixed', v)}
          error={errors.deliveryTimeFixed ?? null}
        />
      ) : (
        <>
          <InputField
            id={`${id}-from`}
            type="time"
            label={t.timeFrom}
            value={from}
            onChange={(v) => onChange('deliveryTimeFrom', v)}
            error={errors.deliveryTimeFrom ?? null}
          />
          <InputField
            id={`${id}-to`}
            type="time"
            label={t.timeTo}
            value={to}
            onChange={(v) => onChange('deliveryTimeTo', v)}
            error={errors.deliveryTimeTo ?? null}
          />
        </>
      )}
    </>
  );
}
