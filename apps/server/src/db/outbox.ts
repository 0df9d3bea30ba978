import type { Db } from './database.js';

/** Repository of the mail outbox: every mail is stored here before (and whether or not) it is sent. */

export function insertOutboxMail(db: Db, mail: { kind: string; to: string; subject: string; text: string }) {
  return db
    .insertInto('outbox')
    .values({ kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.text, sent_at: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function markOutboxMailSent(db: Db, id: number) {
  await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
}

export async function markOutboxMailFailed(db: Db, id: number, error: string) {
  await db.updateTable('outbox').set({ error }).where('id', '=', id).execute();
}
