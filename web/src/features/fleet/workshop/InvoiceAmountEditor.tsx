import { messages } from '@dispo/domain/messages';
import { useState } from 'react';
import { type Appointment, useUpdateAppointment } from '../../../api/workshop';
import { FormError, InputField } from '../FormField';
import { parseAmount } from './amount';

const ws = messages.workshopScreen;

/**
 * fleet.md §4 "The amount can be edited later": the invoice amount of a completed vehicle appointment,
 * entered or corrected in its detail dialog (PUT /api/appointments/:id {invoiceAmount}, its own event).
 */
export function InvoiceAmountEditor({ appointment, onSaved }: { appointment: Appointment; onSaved(next: Appointment): void }) {
  const current = appointment.completionData?.invoiceAmount;
  const [text, setText] = useState(typeof current === 'number' ? String(current) : '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAppointment();
  const amount = parseAmount(text);
  const save = () => {
    if (amount === null) {
      setError(ws.invoiceAmountRequired);
      return;
    }
    setError(null);
    update.mutate(
      { id: appointment.id, body: { invoiceAmount: amount } },
      { onSuccess: (answer) => onSaved(answer.appointment), onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <form
      className="workshop-invoice-editor"
      aria-label={ws.editInvoiceAmount}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <InputField id={`invoice-amount-${appointment.id}`} label={ws.invoiceAmount} type="number" step="0.01" min="0" value={text} onChange={setText} />
      <button type="submit" className="button" disabled={update.isPending || amount === current}>
        {ws.save}
      </button>
      <FormError text={error} />
    </form>
  );
}
