import { messages } from '@dispo/domain/messages';
import { orderMailDeliveryText } from '@dispo/domain/order-mail/delivery';
import { isEmail } from '@dispo/domain/shared/formats';
import { MAX_ORDERS_PER_MAIL } from '@dispo/events/catalog/order-mail-limits';
import { useState } from 'react';
import { isApiError, refusedFields } from '../../api/errors';
import { awaitOrderMailOutcome, fetchOrderMailDraft, type OrderMailRequest, sendOrderMail } from '../../api/orderMail';
import type { Order } from '../../api/types';
import { CheckField, InputField, TextAreaField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { mailtoLink, splitAddresses } from './mailto';
import './orderMail.css';

const text = messages.orderMail;

/** §4.6: the mail link opens first; the PDFs follow 500 ms later. */
export const MAIL_LINK_PDF_DELAY_MS = 500;

type Field = 'recipient_email' | 'cc_emails' | 'subject' | 'message';
type Errors = Partial<Record<Field, string>>;

export interface OrderMailModalProps {
  orders: readonly Order[];
  onClose(): void;
  /** The outcome for the page's flash messages: sent, queued or failed. */
  onSuccess(message: string): void;
  onInfo(message: string): void;
  /** Downloads the orders' PDFs (the mail-link variant), spaced as every bulk download. */
  downloadPdfs(orders: readonly Order[]): void;
}

/** The user's input checked as the server will check it, so the common mistakes need no round trip. */
function validate(form: OrderMailRequest): Errors {
  const errors: Errors = {};
  const recipient = form.recipient_email.trim();
  if (recipient === '') errors.recipient_email = text.recipientRequired;
  else if (!isEmail(recipient)) errors.recipient_email = messages.dispatch.invalidRecipient(recipient);
  const badCopy = splitAddresses(form.cc_emails).find((address) => !isEmail(address));
  if (badCopy !== undefined) errors.cc_emails = messages.dispatch.invalidRecipient(badCopy);
  if (form.subject.trim() === '') errors.subject = text.subjectRequired;
  if (form.message.trim() === '') errors.message = text.messageRequired;
  return errors;
}

/** The server names the field it refused (details.fields); anything else goes into the box above the buttons. */
function fieldOf(error: unknown): Field | null {
  const first = refusedFields(error)[0];
  return first === 'recipient_email' || first === 'cc_emails' || first === 'subject' || first === 'message' ? first : null;
}

/**
 * E-Mail modal (orders.md §2.10): recipient, copies, subject, message and the PDFs as attachments
 * (default on); `Entwurf laden` fills subject and message from the server's draft. The server queues
 * the mail and the modal waits for the outbox's outcome; the mail link opens the user's mail program
 * instead and downloads the PDFs separately.
 */
export function OrderMailModal({ orders, onClose, onSuccess, onInfo, downloadPdfs }: OrderMailModalProps) {
  const [form, setForm] = useState<OrderMailRequest>({
    order_ids: orders.map((o) => o.id),
    recipient_email:
      orders.length > 0 && orders.every((o) => o.customer?.email === orders[0]?.customer?.email) ? (orders[0]?.customer?.email ?? '') : '',
    cc_emails: '',
    subject: '',
    message: '',
    include_attachments: true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [copyAddress, setCopyAddress] = useState<string | null>(null);
  const [loadingDraft, setLoadingDraft] = useState(false);
  const [sending, setSending] = useState(false);
  const tooMany = orders.length > MAX_ORDERS_PER_MAIL;

  const change = (field: Field, value: string) => {
    setForm((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const loadDraft = async () => {
    setLoadingDraft(true);
    setFailure(null);
    try {
      const draft = await fetchOrderMailDraft(form.order_ids);
      setForm((old) => ({ ...old, subject: draft.subject, message: draft.message }));
      setErrors((old) => ({ ...old, subject: undefined, message: undefined }));
      setCopyAddress(draft.copyAddress);
    } catch (error) {
      setFailure(`${messages.errors.loadEmailPreview}: ${error instanceof Error ? error.message : ''}`);
    } finally {
      setLoadingDraft(false);
    }
  };

  const send = async () => {
    const found = validate(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    setFailure(null);
    try {
      const queued = await sendOrderMail(form);
      // No mail server, or one that does not answer: the outbox has it; no need to wait here.
      const known = orderMailDeliveryText(queued.delivery ?? (queued.sending ? 'queued' : 'no_server'));
      if (known) {
        onInfo(known);
        onClose();
        return;
      }
      const outcome = await awaitOrderMailOutcome(queued.mailId);
      if (outcome.status === 'requested' && outcome.retrying) {
        onInfo(messages.mailDelivery.orderMailRetrying);
        onClose();
      } else if (outcome.status === 'sent') {
        onSuccess(messages.success.emailSent);
        onClose();
      } else if (outcome.status === 'failed') {
        setFailure(`${messages.errors.email}: ${text.failed(outcome.error ?? '')}`);
      } else {
        onInfo(text.stillQueued);
        onClose();
      }
    } catch (error) {
      const field = fieldOf(error);
      if (field && error instanceof Error) setErrors((old) => ({ ...old, [field]: error.message }));
      else setFailure(isApiError(error) && error.fromServer ? `${messages.errors.email}: ${error.message}` : messages.errors.createEmail);
    } finally {
      setSending(false);
    }
  };

  const openMailLink = () => {
    const found = validate({ ...form, subject: form.subject || ' ', message: form.message || ' ' });
    if (found.recipient_email || found.cc_emails) {
      setErrors(found);
      return;
    }
    window.location.href = mailtoLink(
      form.recipient_email,
      [...splitAddresses(form.cc_emails), ...(copyAddress ? [copyAddress] : [])],
      form.subject,
      form.message,
    );
    if (form.include_attachments) window.setTimeout(() => downloadPdfs(orders), MAIL_LINK_PDF_DELAY_MS);
    onClose();
  };

  const busy = sending || loadingDraft;
  return (
    <Modal
      title={text.title}
      onClose={onClose}
      onSave={() => void send()}
      size="medium"
      closeOnBackdrop={false}
      footer={
        <div className="order-mail__footer">
          <button
            type="button"
            className="button button--secondary"
            onClick={openMailLink}
            disabled={busy || tooMany}
            title={text.mailLinkHint}
          >
            {text.mailLink}
          </button>
          <span className="order-mail__spacer" />
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {messages.orderScreen.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void send()} disabled={busy || tooMany}>
            {sending ? text.sending : text.send}
          </button>
        </div>
      }
    >
      <div className="order-mail">
        <div className="order-mail__orders">
          <span>{text.orderCount(orders.length)}</span>
          <span className="order-mail__numbers">{orders.map((o) => o.orderNumber).join(', ')}</span>
          <button type="button" className="button button--small" onClick={() => void loadDraft()} disabled={busy || tooMany}>
            {loadingDraft ? text.loadingDraft : text.loadDraft}
          </button>
        </div>
        {tooMany && (
          <p className="alert alert--error" role="alert">
            {text.tooManyOrders(MAX_ORDERS_PER_MAIL)}
          </p>
        )}
        <InputField
          id="order-mail-recipient"
          label={text.recipient}
          type="email"
          required
          autoFocus
          value={form.recipient_email}
          error={errors.recipient_email ?? null}
          onChange={(value) => change('recipient_email', value)}
        />
        <InputField
          id="order-mail-cc"
          label={text.cc}
          value={form.cc_emails}
          error={errors.cc_emails ?? null}
          hint={copyAddress ? text.fixedCopy(copyAddress) : undefined}
          onChange={(value) => change('cc_emails', value)}
        />
        <InputField
          id="order-mail-subject"
          label={text.subject}
          required
          maxLength={300}
          value={form.subject}
          error={errors.subject ?? null}
          onChange={(value) => change('subject', value)}
        />
        <TextAreaField
          id="order-mail-message"
          label={text.message}
          required
          rows={10}
          value={form.message}
          error={errors.message ?? null}
          onChange={(value) => change('message', value)}
        />
        <CheckField
          label={text.includeAttachments}
          checked={form.include_attachments}
          onChange={(checked) => setForm((old) => ({ ...old, include_attachments: checked }))}
        />
        {failure && (
          <p className="alert alert--error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
