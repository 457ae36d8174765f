import type { CustomerDetails } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, isEmail, refuse, requiredText, requireFields } from '../shared';

export interface CustomerInput {
  company: string;
  contactPerson?: string | null;
  email?: string | null;
  phone?: string | null;
}

export function customerDetailsFrom(input: CustomerInput): CustomerDetails {
  requireFields({ company: input.company });
  const email = cleanText(input.email);
  if (email !== null && !isEmail(email)) refuse('validation', messages.validation.invalidEmail, ['email']);
  return {
    company: requiredText(input.company),
    contactPerson: cleanText(input.contactPerson),
    email,
    phone: cleanText(input.phone),
  };
}
