import type { z } from 'zod';
import type { contactMessageCreatedResponse, ContactMessageRequest } from '@church/contract/contact';
import type { visitorCreatedResponse, CreateVisitorRequest } from '@church/contract/visitors';
import { apiAs } from '../../../lib/api-client';

/** Quick Contact really submits: the message is stored for leaders (and mailed when SMTP is set). */
export const sendContactMessage = (body: ContactMessageRequest) =>
  apiAs<z.output<typeof contactMessageCreatedResponse>>('/contact-messages', { method: 'POST', body });

/** Quick Registration creates a visitor record leaders follow up. */
export const registerVisitor = (body: CreateVisitorRequest) =>
  apiAs<z.output<typeof visitorCreatedResponse>>('/visitors', { method: 'POST', body });
