import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';

/**
 * Completing the day was refused (issue 31): the plan has overlapping tours of one vehicle or tours
 * inside a workshop appointment. Lists every problem the server named, to fix before completing.
 */
export function PlanProblemsDialog({ message, problems, onClose }: { message: string; problems: readonly string[]; onClose(): void }) {
  return (
    <Modal
      title={messages.dispatchInsights.planProblemsTitle}
      onClose={onClose}
      size="small"
      role="alertdialog"
      footer={
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {messages.dispatchScreen.close}
        </button>
      }
    >
      <p className="confirm-text">{message}</p>
      <ul className="plan-problems" data-testid="plan-problems">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Modal>
  );
}
