/**
 * A throwaway local Mesa for the browser tests and the benchmark: the built
 * app under `wrangler dev` on a free port, with its own fresh database
 * (migrated, seeded with the demo, plus any extra SQL), stopped by its whole
 * process group. Run `npm run build` first.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { localVarFlags } from './local-vars'
import { join } from 'node:path'

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env })
}

async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs} ms`)
}

export interface LocalServer {
  url: string
  stop: () => void
}

export async function startLocalServer(prefix: string, extraSql = ''): Promise<LocalServer> {
  const persist = mkdtempSync(join(tmpdir(), `${prefix}-`))
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist])
  run('npx', ['tsx', 'scripts/seed.ts', '--persist-to', persist])
  if (extraSql) {
    const file = join(persist, 'extra.sql')
    writeFileSync(file, extraSql)
    run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', file])
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', persist, '--log-level', 'warn', ...localVarFlags], {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
    rmSync(persist, { recursive: true, force: true })
  }
  process.on('exit', stop)
  process.on('SIGINT', () => process.exit(130))
  await waitForServer(url)
  return { url, stop }
}
