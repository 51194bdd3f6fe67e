import { getDb } from '../db/client.server'
import { mailOutbox } from '../db/schema.server'
import { appEnv, type AppEnv } from '../env.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Parts of the text that grant access (a reset link's token): delivered, never kept or logged. */
  secrets?: string[]
}

/**
 * Sends the app's mail, chosen by MAIL_PROVIDER: 'log' for local runs (the
 * developer's console is the mailbox; production refuses it) and 'resend'
 * (Resend's HTTP API) in production. Every message is also kept in the
 * outbox table with its secrets hidden, so support can see what went out.
 */
export interface Mailer {
  readonly id: string
  send(message: MailMessage): Promise<void>
}

const HIDDEN = '[oculto / hidden]'

/** The message as the outbox keeps it: every secret replaced. */
export const withoutSecrets = ({ text, secrets = [] }: MailMessage) =>
  secrets.reduce((kept, secret) => kept.replaceAll(secret, HIDDEN), text)

async function keep(env: Env, provider: string, message: MailMessage) {
  await getDb(env.DB)
    .insert(mailOutbox)
    .values({
      id: crypto.randomUUID(),
      toAddress: message.to,
      subject: message.subject,
      body: withoutSecrets(message),
      provider,
    })
}

function logMailer(env: Env): Mailer {
  return {
    id: 'log',
    async send(message) {
      console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`)
      await keep(env, 'log', message)
    },
  }
}

/** Sends through Resend's API (POST /emails); a refusal throws, so the caller's request fails loudly instead of silently losing the mail. */
export function resendMailer(
  env: Env,
  config: Pick<AppEnv, 'MAIL_API_BASE' | 'MAIL_API_KEY' | 'MAIL_FROM'>,
  send: typeof fetch = fetch,
): Mailer {
  return {
    id: 'resend',
    async send(message) {
      const response = await send(new URL('/emails', config.MAIL_API_BASE), {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.MAIL_API_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: config.MAIL_FROM,
          to: [message.to],
          subject: message.subject,
          text: message.text,
        }),
      })
      // Resend's error bodies name the problem ({ name, message }) and never echo the mail.
      if (!response.ok) throw new Error(`Resend refused the mail (${response.status}): ${await response.text()}`)
      await keep(env, 'resend', message)
    },
  }
}

export function getMailer(env: Env): Mailer {
  const config = appEnv(env)
  return config.MAIL_PROVIDER === 'resend' ? resendMailer(env, config) : logMailer(env)
}
