/**
 * A ZIP archive of files stored uncompressed (method 0), as `GET
 * /v2/invoices/:id/zip` hands out an invoice's XML and PDF together. Any
 * unzip tool opens it; nothing here compresses, since the files are small.
 */
export function zipOf(files: { name: string; data: Uint8Array }[], modified: number): Uint8Array<ArrayBuffer> {
  const { time, date } = dosDateTime(new Date(modified))
  const parts: Uint8Array[] = []
  const directory: Uint8Array[] = []
  let offset = 0
  for (const file of files) {
    const name = new TextEncoder().encode(file.name)
    const crc = crc32(file.data)
    const local = header(30 + name.length, (view) => {
      view.setUint32(0, 0x04034b50, true)
      view.setUint16(4, 20, true) // version needed: 2.0
      view.setUint16(10, time, true)
      view.setUint16(12, date, true)
      view.setUint32(14, crc, true)
      view.setUint32(18, file.data.length, true)
      view.setUint32(22, file.data.length, true)
      view.setUint16(26, name.length, true)
    })
    local.set(name, 30)
    directory.push(
      header(
        46 + name.length,
        (view) => {
          view.setUint32(0, 0x02014b50, true)
          view.setUint16(4, 20, true)
          view.setUint16(6, 20, true)
          view.setUint16(12, time, true)
          view.setUint16(14, date, true)
          view.setUint32(16, crc, true)
          view.setUint32(20, file.data.length, true)
          view.setUint32(24, file.data.length, true)
          view.setUint16(28, name.length, true)
          view.setUint32(42, offset, true)
        },
        name,
      ),
    )
    parts.push(local, file.data)
    offset += local.length + file.data.length
  }
  const size = directory.reduce((sum, entry) => sum + entry.length, 0)
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true)
    view.setUint16(8, files.length, true)
    view.setUint16(10, files.length, true)
    view.setUint32(12, size, true)
    view.setUint32(16, offset, true)
  })
  return concat([...parts, ...directory, end])
}

function header(length: number, fill: (view: DataView) => void, name?: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(length)
  fill(new DataView(bytes.buffer))
  if (name) bytes.set(name, length - name.length)
  return bytes
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

/** MS-DOS time and date, as ZIP keeps them (2-second resolution, local time taken as UTC). */
function dosDateTime(moment: Date) {
  return {
    time: (moment.getUTCHours() << 11) | (moment.getUTCMinutes() << 5) | (moment.getUTCSeconds() >> 1),
    date: ((moment.getUTCFullYear() - 1980) << 9) | ((moment.getUTCMonth() + 1) << 5) | moment.getUTCDate(),
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
