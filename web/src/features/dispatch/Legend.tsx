import { messages } from '@dispo/domain/messages';
import { TOUR_STATUSES, tourStatusLabel } from './format';

const text = messages.dispatchScreen;

/** The legend of the tour status colours (dispatch.md §2 "Timeline grid"). */
export function Legend() {
  return (
    <ul className="legend" aria-label={text.legend}>
      {TOUR_STATUSES.map((status) => (
        <li key={status} className="legend__item">
          <span className={`legend__swatch tour-block--${status}`} aria-hidden="true" />
          {tourStatusLabel(status)}
        </li>
      ))}
      <li className="legend__item">
        <span className="legend__conflict" aria-hidden="true">
          ⚠
        </span>
        {text.conflict}
      </li>
      <li className="legend__item">
        <span className="legend__now" aria-hidden="true" />
        {text.now}
      </li>
    </ul>
  );
}
