// Contact messages: stored first (nothing is lost if mail is down), then sent to support.
import { CONTACT_REASON_LABEL, type ContactData } from '#shared/contact.ts';
import type { Deps } from '#server/context.ts';
import { contactMessages } from '#server/db/schema.ts';
import { renderMail, sendInBackground } from '#server/mail.ts';

export async function submitContactMessage(deps: Deps, input: ContactData): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      company: input.company,
      contactReason: input.contactReason,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  sendInBackground(deps.mailer, supportMail(deps.config.SUPPORT_EMAIL, input), deps.logger);
  return row;
}

function supportMail(to: string, input: ContactData) {
  // A subject is one line: a pasted line break must not reach the mail header.
  const subject = `[Contact: ${CONTACT_REASON_LABEL[input.contactReason]}] ${input.subject.replace(/\s+/g, ' ')}`;
  const mail = renderMail({
    to,
    subject,
    greeting: 'New message from the contact form:',
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Company: ${input.company ?? '—'}`,
      `Reason: ${CONTACT_REASON_LABEL[input.contactReason]}`,
      `Subject: ${input.subject}`,
      ...input.message.split(/\n{2,}/),
    ],
    footer: 'Reply to this e-mail to answer the sender directly.',
  });
  return { ...mail, replyTo: input.email };
}
