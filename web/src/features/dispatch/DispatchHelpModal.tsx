import { messages } from '@dispo/domain/messages';
import { InfoModal } from '../../components/Modal';
import { TOUR_STATUSES, tourStatusLabel } from './format';

const text = messages.dispatchScreen;

/** Hilfe (dispatch.md §2): how to plan a day, the keyboard, the tour colours. */
export function DispatchHelpModal({ onClose }: { onClose(): void }) {
  return (
    <InfoModal title={text.helpTitle} onClose={onClose} size="medium" closeLabel={text.close}>
      <div className="dispatch-help">
        <p>{text.helpIntro}</p>
        <section>
          <h3>{text.helpStepsTitle}</h3>
          <ol>
            {text.helpSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section>
          <h3>{text.helpKeysTitle}</h3>
          <table className="dispatch-help__keys">
            <tbody>
              {text.helpKeys.map(([key, description]) => (
                <tr key={key}>
                  <th scope="row">
                    <kbd>{key}</kbd>
                  </th>
                  <td>{description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section>
          <h3>{text.helpStatusTitle}</h3>
          <ul className="dispatch-help__statuses">
            {TOUR_STATUSES.map((status) => (
              <li key={status}>
                <span className={`legend__swatch tour-block--${status}`} aria-hidden="true" /> {tourStatusLabel(status)}
              </li>
            ))}
            <li>
              <span className="legend__conflict" aria-hidden="true">
                ⚠
              </span>{' '}
              {text.conflictHint}
            </li>
          </ul>
          <p>{text.helpLiveDispo}</p>
        </section>
      </div>
    </InfoModal>
  );
}
