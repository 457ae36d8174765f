import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import { Modal, type ModalProps } from '../../components/Modal';
import { FormError } from './FormField';

/** What the frame of a form dialog shows of the form's state, and its save. */
export interface FormFrame {
  /** The error box: the server's message or why the form cannot be saved. */
  error: string | null;
  /** A save is on its way: both buttons wait and the save button says so. */
  busy: boolean;
  saveLabel: string;
  /** False while the dialog lacks what it needs to save. Default true. */
  canSave?: boolean;
  /** The save button, Enter in the form and F11. */
  onSave(): void;
}

/** The footer of a fleet dialog: 'Abbrechen' and the save button. */
export function DialogButtons({ busy, saveLabel, canSave = true, onSave, onCancel }: Omit<FormFrame, 'error'> & { onCancel(): void }) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        {messages.fleet.cancel}
      </button>
      <button type="button" className="button button--primary" onClick={onSave} disabled={!canSave || busy}>
        {busy ? messages.fleetScreen.working : saveLabel}
      </button>
    </>
  );
}

/** A fleet form: no browser validation, Enter saves, the error box above the fields. */
export function FleetForm({ id, error, onSubmit, children }: { id?: string; error: string | null; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      id={id}
      className="fleet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormError text={error} />
      {children}
    </form>
  );
}

export interface FormModalProps extends Pick<ModalProps, 'title' | 'size' | 'className' | 'onClose' | 'children'> {
  frame: FormFrame;
  /** The id of the form element. */
  formId?: string;
}

/**
 * The frame of every fleet form dialog (§2): a modal that a click next to it does not close, the form
 * with its error box, and 'Abbrechen' and the save button in the footer.
 */
export function FormModal({ frame, formId, children, ...modal }: FormModalProps) {
  return (
    <Modal {...modal} onSave={frame.onSave} closeOnBackdrop={false} footer={<DialogButtons {...frame} onCancel={modal.onClose} />}>
      <FleetForm id={formId} error={frame.error} onSubmit={frame.onSave}>
        {children}
      </FleetForm>
    </Modal>
  );
}
