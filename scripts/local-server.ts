/**
 * A throwaway local Mesa for the browser tests and the benchmark: the built
 * app under `wrangler dev` on a free port, with its own fresh database
 * (migrated, seeded with the demo, plus any extra SQL), stopped by its whole
 * process group. Run `npm run build` first.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
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
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
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

/** Ends a detached child and all it started (npx → wrangler → workerd): its whole process group. */
function stopGroup(pid: number | undefined) {
  try {
    if (pid) process.kill(-pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}

/** What a failed `wrangler d1 execute --json` said: its JSON error when it printed one, else the end of its output. */
function whyFailed(stdout: string, stderr: string) {
  try {
    const text = (JSON.parse(stdout) as { error?: { text?: string } }).error?.text
    if (text) return text
  } catch {
    // Not JSON: it failed before it could say.
  }
  // npm's warnings go to stderr as well; its end is where wrangler says what went wrong.
  return (stdout + stderr).trim().slice(-300)
}

/**
 * Runs one SQL statement on a local D1 through `wrangler d1 execute` (its own
 * workerd, a few seconds to start, beside the running server's) and answers
 * its rows. Bounded: after `timeoutMs` its process group is ended and the
 * query fails, so a stuck wrangler cannot hold up the caller.
 */
export function queryD1<Row>(persist: string, sql: string, timeoutMs: number): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--json', '--command', sql],
      { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    // Should the caller exit mid-query, the detached group would outlive it.
    const onExit = () => stopGroup(child.pid)
    process.on('exit', onExit)
    const timer = setTimeout(() => {
      stopGroup(child.pid)
      reject(new Error(`wrangler d1 execute gave no answer within ${timeoutMs} ms`))
    }, timeoutMs)
    const settle = (error: Error | null) => {
      clearTimeout(timer)
      process.off('exit', onExit)
      if (error) return reject(error)
      try {
        const [result] = JSON.parse(Buffer.concat(stdout).toString()) as { results?: Row[] }[]
        resolve(result?.results ?? [])
      } catch {
        reject(new Error(`wrangler d1 execute answered no JSON: ${Buffer.concat(stdout).toString().slice(0, 300)}`))
      }
    }
    child.on('error', settle)
    child.on('close', (code) => {
      if (code !== 0)
        return settle(
          new Error(
            `wrangler d1 execute exited ${code}: ${whyFailed(Buffer.concat(stdout).toString(), Buffer.concat(stderr).toString())}`,
          ),
        )
      settle(null)
    })
  })
}

export interface LocalServer {
  url: string
  /** Where its local D1 lives, for `queryD1` from another process. */
  persist: string
  /** The rows of one SQL statement on this server's D1, read while it runs; fails after `timeoutMs` (30 s unless told). */
  d1: <Row>(sql: string, timeoutMs?: number) => Promise<Row[]>
  /** The file its Worker's console goes to (the local mailer's mail among it), when asked for; else null. */
  log: string | null
  stop: () => void
}

/**
 * Starts the app under `wrangler dev` on a fresh database with the seed and
 * `extraSql`; `vars` go on top of the local ones. With `log`, its Worker's
 * console (what the local mailer sends, say) is kept in a file for the
 * caller to read; else only warnings and errors are printed, as they cost
 * the bench's figures nothing.
 */
export async function startLocalServer(
  prefix: string,
  extraSql = '',
  vars: Record<string, string> = {},
  { log = false }: { log?: boolean } = {},
): Promise<LocalServer> {
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
  const logFile = log ? join(persist, 'worker.log') : null
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persist,
      '--log-level',
      log ? 'log' : 'warn',
      ...localVarFlags,
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    {
      env,
      detached: true,
      stdio: ['ignore', logFile === null ? 'ignore' : openSync(logFile, 'a'), 'inherit'],
    },
  )
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    stopGroup(server.pid)
    rmSync(persist, { recursive: true, force: true })
  }
  process.on('exit', stop)
  process.on('SIGINT', () => process.exit(130))
  await waitForServer(url)
  return { url, persist, d1: (sql, timeoutMs = 30_000) => queryD1(persist, sql, timeoutMs), log: logFile, stop }
}
