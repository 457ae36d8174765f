import { messages } from '@dispo/domain/messages';
import type { TimelineIndicator } from '../../api/utilization';
import { Icon } from '../../components/icons';
import './insights.css';

const text = messages.dispatchInsights;

/**
 * The timeline indicators of a vehicle (dispatch.md §2, §3): an efficient connection after its last
 * tour, a schedule conflict, and the traffic status (derived from the plan's slack) with its tooltip.
 */
export function VehicleIndicators({ indicator }: { indicator: TimelineIndicator | undefined }) {
  if (!indicator) return null;
  const traffic = text.traffic[indicator.trafficStatus] ?? indicator.trafficStatus;
  return (
    <span className="vehicle-indicators" data-testid="vehicle-indicators">
      <span
        className={`traffic-dot traffic-dot--${indicator.trafficStatus.toLowerCase()}`}
        role="img"
        aria-label={`${traffic}. ${indicator.trafficTooltip}`}
        title={indicator.trafficTooltip}
        data-traffic={indicator.trafficStatus}
      />
      {/* Icons, not words: the vehicle column is narrow; the names are their labels and tooltips. */}
      {indicator.hasEfficientConnectionAvailable && (
        <span className="indicator-icon indicator-icon--connection" role="img" aria-label={`${text.indicatorConnection}: ${text.indicatorConnectionHint}`} title={text.indicatorConnectionHint}>
          <Icon name="quick" size={12} />
        </span>
      )}
      {indicator.hasScheduleConflict && (
        <span className="indicator-icon indicator-icon--conflict" role="img" aria-label={`${text.indicatorConflict}: ${text.indicatorConflictHint}`} title={text.indicatorConflictHint}>
          ⚠
        </span>
      )}
    </span>
  );
}
