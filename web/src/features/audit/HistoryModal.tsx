import { useMemo, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type AuditEntry, type AuditRelated, useAuditHistory, useAuditState } from '../../api/audit';
import { formatDateTime } from '../../components/format';
import { Modal } from '../../components/Modal';
import { berlinInputValue, instantOfBerlinInput } from './berlinInstant';
import { PastRecord } from './PastRecord';
import './audit.css';

const text = messages.audit;

export interface HistoryTarget {
  kind: string;
  id: string;
  /** Shown until the history names the record itself. */
  title?: string;
}

export interface HistoryModalProps extends HistoryTarget {
  /** Open with the state at this instant (ISO), e.g. from a row of the Prüfung page. */
  at?: string;
  onClose(): void;
}

/** Berlin time with seconds: two edits within a minute must be told apart. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * The `Verlauf` of one record (issue 18): every event newest first with who, what and old → new per
 * field, and `Stand am …`: the record as it was at a picked instant or after an entry, marked as a
 * past state. Related records (an order's tour, a tour's orders) open in the same dialog.
 */
export function HistoryModal({ kind, id, title, at, onClose }: HistoryModalProps) {
  const [trail, setTrail] = useState<HistoryTarget[]>([{ kind, id, ...(title ? { title } : {}) }]);
  const [instant, setInstant] = useState<string | null>(at ?? null);
  const target = trail[trail.length - 1]!;
  const history = useAuditHistory(target.kind, target.id);
  const entries = useMemo(() => history.data?.entries ?? [], [history.data]);
  const heading = history.data ? `${history.data.kindLabel} ${history.data.title}` : (target.title ?? target.id);

  const open = (related: AuditRelated) => {
    setTrail((list) => [...list, { kind: related.kind, id: related.id, title: related.title }]);
    setInstant(null);
  };
  const back = () => {
    setTrail((list) => list.slice(0, -1));
    setInstant(null);
  };

  return (
    <Modal title={text.historyTitle(heading)} onClose={onClose} size="large" className="audit-modal">
      {trail.length > 1 && (
        <button type="button" className="button button--ghost audit__back" onClick={back}>
          ← {trail[trail.length - 2]!.title ?? text.backToHistory}
        </button>
      )}
      {history.isPending && <p className="audit__muted">{messages.orderTable.loading}</p>}
      {history.isError && (
        <div className="alert alert--error" role="alert">
          {text.loadFailed} {history.error.message}
        </div>
      )}
      {history.data && (
        <>
          {history.data.related.length > 0 && <RelatedLinks related={history.data.related} onOpen={open} />}
          <StatePicker entries={entries} instant={instant} onPick={setInstant} />
          {instant !== null && <PastState kind={target.kind} id={target.id} at={instant} onOpen={open} />}
          <ol className="audit__entries" aria-label={text.historyButton}>
            {entries.map((entry) => (
              <HistoryEntry
                key={entry.version}
                entry={entry}
                later={instant !== null && new Date(entry.recordedAt) > new Date(instant)}
                onShowState={() => setInstant(entry.recordedAt)}
              />
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}

function RelatedLinks({ related, onOpen }: { related: AuditRelated[]; onOpen(related: AuditRelated): void }) {
  return (
    <div className="audit__related">
      <span className="audit__muted">{text.related}:</span>
      {related.map((r) => (
        <button key={`${r.kind}-${r.id}`} type="button" className="audit__link" onClick={() => onOpen(r)}>
          {r.label}: {r.title}
        </button>
      ))}
    </div>
  );
}

/** `Stand am …`: a date-time field (Berlin time) and a slider over the entries, oldest left. */
function StatePicker({ entries, instant, onPick }: { entries: AuditEntry[]; instant: string | null; onPick(at: string | null): void }) {
  const oldestFirst = useMemo(() => [...entries].reverse(), [entries]);
  const [typed, setTyped] = useState('');
  const position = instant === null ? oldestFirst.length - 1 : Math.max(0, oldestFirst.filter((e) => new Date(e.recordedAt) <= new Date(instant)).length - 1);
  const fieldValue = typed || (instant ? berlinInputValue(instant) : '');
  return (
    <div className="audit__picker">
      <label className="audit__picker-field">
        <span>{text.stateTitle}</span>
        <input
          type="datetime-local"
          step={1}
          className="field__input"
          value={fieldValue}
          aria-label={text.pickInstant}
          onChange={(event) => setTyped(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button"
        disabled={!instantOfBerlinInput(fieldValue)}
        onClick={() => {
          onPick(instantOfBerlinInput(fieldValue));
          setTyped('');
        }}
      >
        {text.showState}
      </button>
      {oldestFirst.length > 1 && (
        <input
          type="range"
          className="audit__slider"
          min={0}
          max={oldestFirst.length - 1}
          step={1}
          value={position}
          aria-label={text.slider}
          aria-valuetext={formatDateTime(oldestFirst[position]?.recordedAt)}
          onChange={(event) => {
            setTyped('');
            onPick(oldestFirst[Number(event.target.value)]!.recordedAt);
          }}
        />
      )}
      {instant !== null && (
        <button type="button" className="button button--ghost" onClick={() => onPick(null)}>
          {text.currentState}
        </button>
      )}
    </div>
  );
}

/** The record at `at`, in the detail layout, marked as a past state. */
function PastState({ kind, id, at, onOpen }: { kind: string; id: string; at: string; onOpen(related: AuditRelated): void }) {
  const state = useAuditState(kind, id, at);
  return (
    <section className="audit__state" aria-label={text.stateAt(when(at))}>
      <h3 className="audit__state-title">{text.stateAt(when(at))}</h3>
      <p className="audit__state-notice">{text.pastStateNotice}</p>
      {state.isError && <p className="audit__muted">{state.error.message}</p>}
      {state.data && !state.data.exists && <p className="audit__muted">{text.stateDeleted}</p>}
      {state.data && state.data.exists && <PastRecord state={state.data} />}
      {state.data && state.data.related.length > 0 && <RelatedLinks related={state.data.related} onOpen={onOpen} />}
    </section>
  );
}

function HistoryEntry({ entry, later, onShowState }: { entry: AuditEntry; later: boolean; onShowState(): void }) {
  return (
    <li className={`audit__entry${later ? ' audit__entry--later' : ''}`}>
      <div className="audit__entry-head">
        <strong>{entry.typeLabel}</strong>
        <span className="audit__muted">{when(entry.recordedAt)}</span>
        <span>
          {entry.user ? entry.user.name : text.systemUser}
          {entry.user?.roles && <span className="audit__muted"> ({entry.user.roles})</span>}
        </span>
        {entry.commandLabel && (
          <span className="audit__muted">
            {text.columns.command}: {entry.commandLabel}
          </span>
        )}
        <button type="button" className="button button--ghost audit__state-button" onClick={onShowState}>
          {text.showStateHere}
        </button>
      </div>
      {entry.changes.length > 0 ? (
        <table className="audit__changes">
          <thead>
            <tr>
              <th scope="col">{text.columns.field}</th>
              <th scope="col">{text.columns.old}</th>
              <th scope="col" aria-hidden="true" />
              <th scope="col">{text.columns.new}</th>
            </tr>
          </thead>
          <tbody>
            {entry.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.label}</th>
                <td className="audit__old">{change.oldText}</td>
                <td aria-hidden="true">→</td>
                <td className="audit__new">{change.newText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="audit__muted">{entry.deleted ? text.stateDeleted : text.noChanges}</p>
      )}
    </li>
  );
}
