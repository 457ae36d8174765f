import { messages } from '@dispo/domain/messages';
import { statusClass, statusLabel } from './format';
import { Icon } from '../../components/icons';
import { InfoModal } from '../../components/Modal';

const text = messages.orderScreen;

/** Hilfe (§2.1): keyboard shortcuts, statuses, locking and inline editing. */
export function HelpModal({ onClose, shortcutsEnabled = true }: { onClose(): void; shortcutsEnabled?: boolean }) {
  return (
    <InfoModal title={text.helpTitle} onClose={onClose} size="medium" closeLabel={text.close}>
      <div className="help">
        <p className="help__intro">{text.helpIntro}</p>
        <section className="help__section">
          <h3 className="help__title">{text.helpShortcutsTitle}</h3>
          <table className="help__keys">
            <tbody>
              {text.helpShortcuts.map(([key, description]) => (
                <tr key={key}>
                  <th scope="row">
                    <kbd>{key}</kbd>
                  </th>
                  <td>{description}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="help__note">{text.helpShortcutsNote}</p>
          {!shortcutsEnabled && <p className="help__note">{messages.intakeTools.shortcutsOff}</p>}
        </section>
        <section className="help__section">
          <h3 className="help__title">{text.helpStatusTitle}</h3>
          <dl className="help__statuses">
            {text.helpStatuses.map(([status, description]) => (
              <div key={status} className="help__status">
                <dt>
                  <span className={statusClass(status)}>{statusLabel(status)}</span>
                </dt>
                <dd>{description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="help__section">
          <h3 className="help__title">
            <Icon name="lock" size={16} /> {text.helpLockingTitle}
          </h3>
          <ul className="help__list">
            {text.helpLocking.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section className="help__section">
          <h3 className="help__title">{text.helpEditingTitle}</h3>
          <ul className="help__list">
            {text.helpEditing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
    </InfoModal>
  );
}
