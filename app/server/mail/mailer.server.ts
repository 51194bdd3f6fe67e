import { getDb } from '../db/client.server'
import { mailOutbox } from '../db/schema.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

/**
 * Sends the app's mail. The local default ('log') writes each message to the
 * server log and keeps it in the outbox table; a real provider is chosen with
 * the MAIL_PROVIDER variable and added here without touching the callers.
 */
export interface Mailer {
  readonly id: string
  send(message: MailMessage): Promise<void>
}

function logMailer(env: Env): Mailer {
  return {
    id: 'log',
    async send(message) {
      console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`)
      await getDb(env.DB).insert(mailOutbox).values({ id: crypto.randomUUID(), toAddress: message.to, subject: message.subject, body: message.text, provider: 'log' })
    },
  }
}

export function getMailer(env: Env): Mailer {
  const provider = env.MAIL_PROVIDER ?? 'log'
  if (provider === 'log') return logMailer(env)
  throw new Error(`Unknown MAIL_PROVIDER "${provider}"`)
}
