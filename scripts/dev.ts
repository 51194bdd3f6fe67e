/** `npm start`'s server: wrangler dev on 127.0.0.1:8787 with the local stand-ins (scripts/local-vars.ts). */
import { spawn } from 'node:child_process'
import { localVarFlags } from './local-vars'

const server = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', '8787', ...localVarFlags], { stdio: 'inherit' })
server.on('exit', (code) => process.exit(code ?? 0))
