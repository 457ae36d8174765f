import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { HistoryModal, type HistoryTarget } from './HistoryModal';

/** The `Verlauf` button of a detail dialog: opens the record's history over it. */
export function HistoryButton({ className = 'button', ...target }: HistoryTarget & { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {messages.audit.historyButton}
      </button>
      {open && <HistoryModal {...target} onClose={() => setOpen(false)} />}
    </>
  );
}
