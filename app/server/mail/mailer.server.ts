import { getDb } from '../db/client.server'
import { mailOutbox } from '../db/schema.server'
import { appEnv, type AppEnv } from '../env.server'

interface MailMessage {
  to: string
  subject: string
  text: string
  /** Parts of the text that grant access (a reset link's token): delivered, never kept or logged. */
  secrets?: string[]
  /** Files sent with it (a receipt's PDF): delivered, and named in the outbox and the log, not kept. */
  attachments?: MailAttachment[]
}

interface MailAttachment {
  filename: string
  content: Uint8Array
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

/** The message as the outbox keeps it: every secret replaced, and its files named. */
const withoutSecrets = ({ text, secrets = [], attachments = [] }: MailMessage) =>
  [
    secrets.reduce((kept, secret) => kept.replaceAll(secret, HIDDEN), text),
    ...attachments.map((file) => `[${file.filename}, ${file.content.byteLength} bytes]`),
  ].join('\n')

/** Base64 of a file, as Resend takes attachments. */
function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  return btoa(binary)
}

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
      const files = (message.attachments ?? []).map((file) => `\n[${file.filename}, ${file.content.byteLength} bytes]`)
      console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}${files.join('')}`)
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
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  content: base64(file.content),
                })),
              }
            : {}),
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
