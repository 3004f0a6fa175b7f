// The zip beside a batch's rows (docs/automation.md "File inputs"): a file per row, named in a column. Read here, not
// with a library, so every limit holds before anything is unpacked: at most MAX_ZIP_ENTRIES entries, what they
// declare unpacking to at most MAX_ZIP_UNPACKED_BYTES, and no entry unpacking to more than it declared (nor more than
// the caller's limit) — a zip bomb stops at its first excess byte. Only the entries the rows name are unpacked. An
// entry's name is data: it is matched against the cells as written and never becomes a path on this machine, so
// `../../etc/passwd` is just a name. Stored (0) and deflated (8) entries; encrypted entries and ZIP64 are refused.
import { HttpError } from '../_shared/http.ts';

export const MAX_ZIP_ENTRIES = 5000;
export const MAX_ZIP_UNPACKED_BYTES = 200 * 1024 * 1024;

export type ZipEntry = { name: string; method: number; flags: number; crc: number; compressedSize: number; size: number; offset: number };

const unreadable = (reason: string) => new HttpError(400, 'batch_zip_unreadable', { vars: { reason } });

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (utf8) throw unreadable('a file name is not valid UTF-8');
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The files of a zip by name (directories left out), from its central directory; nothing is unpacked. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable('not a zip file');
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw unreadable('ZIP64 archives are not supported');
  if (count > MAX_ZIP_ENTRIES) throw new HttpError(400, 'batch_zip_too_many_files', { vars: { max: MAX_ZIP_ENTRIES } });
  const entries = new Map<string, ZipEntry>();
  let unpacked = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) throw unreadable('its table of contents is damaged');
    const nameLength = view.getUint16(offset + 28, true);
    const next = offset + 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (next > bytes.length) throw unreadable('its table of contents is damaged');
    const flags = view.getUint16(offset + 8, true);
    const entry: ZipEntry = {
      name: decodeName(bytes.subarray(offset + 46, offset + 46 + nameLength), (flags & 0x800) !== 0),
      method: view.getUint16(offset + 10, true),
      flags,
      crc: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      offset: view.getUint32(offset + 42, true),
    };
    offset = next;
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff) throw unreadable('ZIP64 archives are not supported');
    if (entry.name.endsWith('/')) continue;
    if (entries.has(entry.name)) throw unreadable(`it holds "${entry.name.slice(0, 100)}" twice`);
    unpacked += entry.size;
    if (unpacked > MAX_ZIP_UNPACKED_BYTES) throw new HttpError(413, 'batch_zip_too_large');
    entries.set(entry.name, entry);
  }
  return entries;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 a zip keeps of each entry. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * One entry's bytes. An entry that declares more than `max` is `tooLarge()`, unread; one that unpacks to more than it
 * declared stops at the first excess byte, and a damaged one (its data, its checksum) is a 400.
 */
export async function unzipEntry(bytes: Uint8Array, entry: ZipEntry, max: number, tooLarge: () => HttpError): Promise<Uint8Array> {
  if (entry.flags & 0x1) throw unreadable(`"${entry.name.slice(0, 100)}" is encrypted`);
  if (entry.size > max) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== 0x04034b50) throw unreadable(`"${entry.name.slice(0, 100)}" is damaged`);
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  if (start + entry.compressedSize > bytes.length) throw unreadable(`"${entry.name.slice(0, 100)}" is damaged`);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) {
    data = packed;
  } else if (entry.method === 8) {
    const limit = entry.size;
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = new Blob([packed as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        length += value.byteLength;
        if (length > limit) {
          await reader.cancel();
          throw unreadable(`"${entry.name.slice(0, 100)}" unpacks to more than it declares`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw unreadable(`"${entry.name.slice(0, 100)}" is damaged`);
    }
    data = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      data.set(chunk, at);
      at += chunk.byteLength;
    }
  } else {
    throw unreadable(`"${entry.name.slice(0, 100)}" is packed in a way that is not supported`);
  }
  if (data.byteLength !== entry.size || crc32(data) !== entry.crc) throw unreadable(`"${entry.name.slice(0, 100)}" is damaged`);
  return data;
}
