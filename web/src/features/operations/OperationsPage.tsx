import { messages } from '@dispo/domain/messages';
import { type ProjectionFailure, useProjections, useResumeProjection } from '../../api/operations';
import type { ReactNode } from 'react';
import { FlashMessages } from '../../components/FlashMessages';
import { NoPermission } from '../../components/NoPermission';
import { useFlash } from '../../components/useFlash';
import { useSession } from '../auth/useSession';

const text = messages.operations;

function failureText(failure: ProjectionFailure): string {
  const time = new Date(failure.failedAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' });
  return text.failedAt(failure.eventType, failure.streamId, time);
}

/**
 * Betrieb (admins): every read model's position and, for a parked projection, the event it could not
 * apply and the error, with "Fortsetzen" once the cause was fixed (ADR 0015).
 */
export function OperationsPage() {
  const user = useSession()?.user ?? null;
  const header = (
    <div className="page__header">
      <h1 className="page__title">{text.title}</h1>
      <p className="page__subtitle">{text.subtitle}</p>
    </div>
  );
  if (!user?.roles?.includes('admin')) {
    return (
      <div className="page">
        {header}
        <NoPermission title={text.noPermissionTitle} text={text.noPermission} />
      </div>
    );
  }
  return <Projections header={header} />;
}

function Projections({ header }: { header: ReactNode }) {
  const flash = useFlash();
  const query = useProjections();
  const resume = useResumeProjection();
  const projections = query.data?.projections ?? [];
  const parked = projections.filter((p) => p.failure !== null);

  return (
    <div className="page">
      {header}
      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} errorTitle={messages.fleet.error} />
      {query.isError && (
        <div className="alert alert--error" role="alert">
          <strong className="flash__title">{text.loadError}</strong> {query.error.message}
        </div>
      )}
      {query.data && parked.length === 0 && (
        <p className="alert alert--info" role="status">
          {text.noneParked}
        </p>
      )}
      <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {text.refresh}
      </button>
      <div className="panel">
        <table className="data-table" aria-label={text.tableLabel}>
          <thead>
            <tr>
              <th scope="col">{text.columns.name}</th>
              <th scope="col">{text.columns.position}</th>
              <th scope="col">{text.columns.state}</th>
              <th scope="col">{text.columns.failure}</th>
              <th scope="col" className="data-table__actions" />
            </tr>
          </thead>
          <tbody>
            {projections.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.position.globalPosition}</td>
                <td>{p.failure ? text.parked : text.working}</td>
                <td>
                  {p.failure && (
                    <>
                      <div>{failureText(p.failure)}</div>
                      <code>{p.failure.error}</code>
                    </>
                  )}
                </td>
                <td className="data-table__actions">
                  {p.failure && (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={text.resumeLabel(p.name)}
                      disabled={resume.isPending}
                      onClick={() =>
                        resume.mutate(p.name, {
                          onSuccess: (answer) => flash.success(answer.message),
                          onError: (error) => flash.error(error.message),
                        })
                      }
                    >
                      {text.resume}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
