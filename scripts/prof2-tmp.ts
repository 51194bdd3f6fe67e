import autocannon from 'autocannon'
import { ownerSql, tableSql } from './dataset-sql'
import { startLocalServer } from './local-server'
const owner = 'bench-owner'
const sql = [ownerSql(owner, 'Fonda Bench'), ...tableSql({ owner, tableId: 't1', sessionId: 't1-s', number: '1', lines: [{ id: 'l1', name: 'x', cents: 1000, quantity: 1, diner: 'C' }] })].join('\n') + '\n'
const server = await startLocalServer('mesa-prof', sql)
try {
  const cases: [string, unknown][] = [
    ['invalid body', { nope: 1 }],
    ['unknown table', { tableId: 'nope', amount: 10, tipAmount: 0, paymentMethod: 'card', paymentType: 'item', itemIds: ['l1'], customerName: 'B', transactionId: 'bench-x1' }],
    ['replay path (DO, 409 taken)', { tableId: 't1', amount: 20, tipAmount: 0, paymentMethod: 'card', paymentType: 'item', itemIds: ['l1'], customerName: 'B', transactionId: 'bench-x2' }],
  ]
  for (const [name, body] of cases) {
    const r = await autocannon({ url: server.url + '/api/payments', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), connections: 20, duration: 5 })
    console.log(name.padEnd(30), Math.round(r.requests.average), 'req/s', r.statusCodeStats ? JSON.stringify(Object.keys(r.statusCodeStats)) : '')
  }
} finally { server.stop() }
