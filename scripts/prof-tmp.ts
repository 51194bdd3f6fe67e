import { ownerSql, tableSql } from './dataset-sql'
import { startLocalServer } from './local-server'
const owner = 'bench-owner'
const sql = [ownerSql(owner, 'Fonda Bench'), ...tableSql({ owner, tableId: 'pay1000', sessionId: 'pay1000-s', number: '1000', lines: Array.from({ length: 1000 }, (_, l) => ({ id: `pay1000-i${l}`, name: `Platillo ${l}`, cents: 1000, quantity: 1, diner: 'C' })) })].join('\n') + '\n'
const server = await startLocalServer('mesa-prof', sql)
try {
  const bodies = Array.from({ length: 1000 }, (_, line) => ({ tableId: 'pay1000', amount: 10, tipAmount: 0, paymentMethod: 'card', paymentType: 'item', itemIds: [`pay1000-i${line}`], customerName: 'Bench', transactionId: `bench-item-${line}` }))
  let next = 0, ok = 0
  const t = performance.now()
  await Promise.all(Array.from({ length: 50 }, async () => { while (next < bodies.length) { const b = bodies[next++]; const r = await fetch(`${server.url}/api/payments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) }); if (r.status === 201) ok++; await r.arrayBuffer() } }))
  console.log('pay/s', Math.round(ok / ((performance.now() - t) / 1000)), ok)
} finally { server.stop() }
