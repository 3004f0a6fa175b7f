// A zip file as any zip tool writes one (stored, not compressed): local headers and data, the central directory and
// its end record. For the specs that upload files beside a batch file; no dependency beyond Node.
import { crc32 } from 'node:zlib';

export function zipOf(files: Array<{ name: string; bytes: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes } of files) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(bytes);
    // The fields the local header and the directory entry share (at 4 and at 6): version 20, flag 0x0800 (UTF-8
    // names), method 0 (stored), time and date 0, the CRC, both sizes and the name's length.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(bytes.length, at + 14);
      header.writeUInt32LE(bytes.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
      return header;
    };
    const local = shared(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const entry = shared(Buffer.alloc(46), 6);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, bytes);
    central.push(entry, fileName);
    offset += local.length + fileName.length + bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
