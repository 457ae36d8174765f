import type { MouseEvent } from 'react';
import { messages } from '@dispo/domain/messages';
import { Icon, type IconName } from '../../components/icons';

export interface ActionButtonProps {
  /** What the button does ('Bearbeiten'); its title. */
  action: string;
  /** What it does it to (plate, card number, file name): the accessible name is "action target". */
  target: string;
  icon: IconName;
  danger?: boolean;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
}

/** A small icon button acting on one row of a list. */
export function ActionButton({ action, target, icon, danger = false, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`icon-button icon-button--small${danger ? ' icon-button--danger' : ''}`}
      aria-label={messages.fleetScreen.actionOn(action, target)}
      title={action}
      onClick={onClick}
    >
      <Icon name={icon} size={16} />
    </button>
  );
}

export interface RowActionsProps {
  target: string;
  /** 'Details'; left out, the row has no details button. */
  onDetails?: () => void;
  /** The writes 'Bearbeiten' and 'Löschen', offered only with `canWrite`. */
  onEdit(): void;
  onDelete(): void;
  canWrite: boolean;
  /** The click must not reach the row (a card that opens on click). */
  stopPropagation?: boolean;
}

/** The actions of a vehicle, trailer or fuel card row: details, edit, delete (§2). */
export function RowActions({ target, onDetails, onEdit, onDelete, canWrite, stopPropagation = false }: RowActionsProps) {
  const text = messages.fleetScreen;
  const run = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (stopPropagation) event.stopPropagation();
    action();
  };
  return (
    <div className="fleet-actions">
      {onDetails && <ActionButton action={text.details} target={target} icon="details" onClick={run(onDetails)} />}
      {canWrite && (
        <>
          <ActionButton action={text.edit} target={target} icon="edit" onClick={run(onEdit)} />
          <ActionButton action={text.delete} target={target} icon="delete" danger onClick={run(onDelete)} />
        </>
      )}
    </div>
  );
}
