export interface DialogButtonsProps {
  cancelLabel: string;
  onCancel(): void;
  actionLabel: string;
  onAction(): void;
  /** danger for what cannot be undone lightly (remove, take back); primary otherwise. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
}

/** The footer of a question: cancel on the left, the action on the right (disabled while it runs). */
export function DialogButtons({ cancelLabel, onCancel, actionLabel, onAction, tone = 'primary', busy = false }: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="button" className={`button button--${tone}`} onClick={onAction} disabled={busy}>
        {actionLabel}
      </button>
    </>
  );
}
