/**
 * Prints a new VAPID key pair for Web Push and where each half goes
 * (docs/deploying.md, Notifications). Run once per deployment: browsers
 * subscribe with the public key, so changing it later means every member
 * turns notifications on again.
 */
import { newVapidKeys } from './vapid'

const { publicKey, privateKey } = await newVapidKeys()
console.log(`In wrangler.toml's [vars]:

VAPID_PUBLIC_KEY = "${publicKey}"
VAPID_SUBJECT = "mailto:ops@your-domain.example"   # whom push services may write to about this server

The private key is a secret: run \`npx wrangler secret put VAPID_PRIVATE_KEY\` and paste

${privateKey}
`)
