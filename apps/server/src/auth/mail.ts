import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.js';
import { insertOutboxMail, markOutboxMailFailed, markOutboxMailSent } from '../db/outbox.js';

export interface OutgoingMail {
  kind: 'password_reset' | 'invitation' | 'notification_digest' | 'appeal_reminder';
  to: string;
  subject: string;
  text: string;
}

let transporters = new Map<string, Transporter>();

/**
 * Every mail is written to the outbox table first (an audit trail, and a place tests and demos
 * can read). With SMTP_URL it is then sent with nodemailer; without it it stays there (the log names it only).
 */
export async function sendMail(
  db: Db,
  mail: OutgoingMail,
  options: { smtpUrl?: string; from: string; log?: (message: string) => void },
): Promise<void> {
  const row = await insertOutboxMail(db, mail);
  if (!options.smtpUrl) {
    // The body holds one-time links (invitations, password resets): it stays in the outbox table
    // only, never in the log (README "Mail" shows how to read it).
    (options.log ?? console.log)(
      `[mail outbox #${row.id}] ${mail.kind} to ${mail.to} stored in the outbox table (no SMTP_URL)`,
    );
    return;
  }
  let transporter = transporters.get(options.smtpUrl);
  if (!transporter) {
    transporter = nodemailer.createTransport(options.smtpUrl);
    transporters.set(options.smtpUrl, transporter);
  }
  try {
    await transporter.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    await markOutboxMailSent(db, row.id);
  } catch (error) {
    // The request still succeeds: the mail stays in the outbox with its error for a retry.
    await markOutboxMailFailed(db, row.id, error instanceof Error ? error.message : String(error));
  }
}

export function resetMailTransportsForTests() {
  transporters = new Map();
}
