import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';

/** One label and value of a detail list; an empty value shows 'Nicht angegeben'. */
export function DetailItem({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={`fleet-detail__item${wide ? ' fleet-detail__item--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="fleet-muted">{messages.orderTable.notSet}</span> : children}</dd>
    </div>
  );
}
