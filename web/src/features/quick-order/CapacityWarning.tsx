import { messages } from '@dispo/domain/messages';
import type { CapacityAnalysis } from '../../api/quickOrder';

const t = messages.intakeTools;

/**
 * §2.6: shown only when the risk is not normal; critical red (with the utilisation), warning amber,
 * anything else blue. An alternative time sets a one-hour slot.
 */
export function CapacityWarning({ analysis, onChoose }: { analysis: CapacityAnalysis; onChoose(time: string): void }) {
  const level = analysis.riskLevel === 'critical' ? 'critical' : analysis.riskLevel === 'warning' ? 'warning' : 'info';
  const title = level === 'critical' ? t.capacityCritical : level === 'warning' ? t.capacityWarning : t.capacityInfo;
  return (
    <section className={`capacity-warning capacity-warning--${level}`} role="status" data-risk={analysis.riskLevel}>
      <header className="capacity-warning__header">
        <strong>{title}</strong>
        {level === 'critical' && <span className="capacity-warning__utilization">{t.utilization(analysis.utilizationPercentage)}</span>}
      </header>
      {analysis.recommendations.map((r, i) => (
        <div key={`${r.type}-${i}`} className="capacity-warning__recommendation">
          <p className="capacity-warning__message">{r.message}</p>
          {r.suggestion && <p className="capacity-warning__suggestion">{r.suggestion}</p>}
          {r.alternativeTimes.length > 0 && (
            <div className="capacity-warning__alternatives" role="group" aria-label={t.alternatives}>
              {r.alternativeTimes.map((a) => (
                <button key={a.time} type="button" className="button button--small capacity-warning__alternative" onClick={() => onChoose(a.time)}>
                  {t.alternativeLabel(a.time, a.availability)}
                </button>
              ))}
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
