import { messages } from '@dispo/domain/messages';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface OrdersPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
}

/** §2.2 footer: Zeige x bis y von z Aufträgen, Seite n von m, Zurück and Weiter. */
export function OrdersPager({ page, pageSize, total, onPageChange }: OrdersPagerProps) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <footer className="orders-pager">
      <span>{messages.orderTable.showing(from, to, total)}</span>
      <nav className="orders-pager__nav" aria-label={messages.orderTable.pagination}>
        <span>{messages.orderTable.page(page, pages)}</span>
        <button type="button" className="button button--small" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {messages.orderTable.previous}
        </button>
        <button type="button" className="button button--small" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          {messages.orderTable.next}
        </button>
      </nav>
    </footer>
  );
}
