// The files of a batch (docs/automation.md "Batches"): CSV and XLSX in, the same format out. Files as office
// staff have them: comma or semicolon CSV, UTF-8 with or without BOM or Windows-1252, Excel dates and formulas.
// Every cell is data: a formula's cached result is read, never evaluated; headers such as `__proto__` are just
// names (rows are arrays, never objects keyed by a header). A file that cannot be taken whole is refused with the
// row and column named; nothing of it is kept.
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { columnLetter } from '../_shared/columns.ts';
import { HttpError } from '../_shared/http.ts';
import { loadExcel } from './excel.ts';

export const MAX_BATCH_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_BATCH_ROWS = 20_000;
export const MAX_BATCH_COLUMNS = 100;
export const MAX_CELL_LENGTH = 2000;
/** An XLSX is a zip: what its parts may unpack to, so a small file cannot expand into gigabytes. */
export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;

export type BatchFormat = 'csv' | 'xlsx' | 'json';
export type Delimiter = ',' | ';' | '\t';

/** A file as a table: its header row, its rows (as many cells as headers), each row's number in the file. */
export type BatchTable = { format: BatchFormat; delimiter: Delimiter | null; headers: string[]; rows: string[][]; lines: number[] };


const unreadable = (format: string, reason: string) => new HttpError(400, 'batch_file_unreadable', { vars: { format, reason } });

/** UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, Windows-1252 otherwise (what Excel on Windows saves). */
export function decodeText(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter of the header line: whichever of ; , and tab occurs most outside quotes (comma on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as Delimiter]++;
  }
  return (Object.entries(counts) as [Delimiter, number][]).reduce((best, next) => (next[1] > best[1] ? next : best), [',', 0] as [Delimiter, number])[0];
}

/** Headers and rows checked against the limits: named, unique headers; cells of at most MAX_CELL_LENGTH; no wholly empty rows. */
function toTable(format: BatchFormat, delimiter: Delimiter | null, records: { cells: string[]; line: number }[]): BatchTable {
  const [head, ...body] = records;
  if (!head) throw new HttpError(400, 'batch_file_empty');
  if (head.cells.length > MAX_BATCH_COLUMNS) throw new HttpError(400, 'batch_too_many_columns', { vars: { max: MAX_BATCH_COLUMNS } });
  let width = head.cells.length;
  while (width > 0 && head.cells[width - 1].trim() === '') width--;
  const headers = head.cells.slice(0, width).map((h) => h.trim());
  const seen = new Map<string, number>();
  headers.forEach((header, index) => {
    if (!header) throw new HttpError(400, 'batch_header_missing', { vars: { column: columnLetter(index) } });
    if (seen.has(header.toLowerCase())) throw new HttpError(400, 'batch_header_duplicate', { vars: { header, column: columnLetter(index) } });
    if (header.length > 200) throw new HttpError(400, 'batch_cell_too_long', { vars: { row: head.line, column: columnLetter(index), max: 200 } });
    seen.set(header.toLowerCase(), index);
  });
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { cells, line } of body) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (rows.length === MAX_BATCH_ROWS) throw new HttpError(400, 'batch_too_many_rows', { vars: { max: MAX_BATCH_ROWS } });
    cells.forEach((cell, index) => {
      if (index >= width && cell.trim() !== '') throw new HttpError(400, 'batch_header_missing', { vars: { column: columnLetter(index) } });
      if (cell.length > MAX_CELL_LENGTH) {
        throw new HttpError(400, 'batch_cell_too_long', { vars: { row: line, column: headers[index] ?? columnLetter(index), max: MAX_CELL_LENGTH } });
      }
    });
    rows.push(Array.from({ length: width }, (_, i) => cells[i] ?? ''));
    lines.push(line);
  }
  if (!rows.length) throw new HttpError(400, 'batch_file_empty');
  return { format, delimiter, headers, rows, lines };
}

/** A CSV file: delimiter and encoding found from the file itself. */
export function readCsv(bytes: Uint8Array): BatchTable {
  const text = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true, bom: true }) as unknown as typeof records;
  } catch (error) {
    throw unreadable('CSV', error instanceof Error ? error.message : String(error));
  }
  return toTable('csv', delimiter, records.map((r) => ({ cells: r.record, line: r.info.lines })));
}

/** The sum of the unpacked sizes a zip's central directory declares (null when it has none: not a zip). */
export function unpackedZipBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 65_535); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let offset = view.getUint32(end + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
      total += view.getUint32(offset + 24, true);
      offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return total;
  }
  return null;
}

/** A date as YYYY-MM-DD (with HH:MM when it has a time of day): Excel dates are calendar values, read in UTC. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A cell's value as text: a formula gives its saved result (never evaluated), rich text its text, a date YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in value) return cellText((value as ExcelJS.CellHyperlinkValue).text);
  if ('error' in value) return String(value.error);
  return '';
}

/** The first worksheet of an XLSX workbook. */
export async function readXlsx(bytes: Uint8Array): Promise<BatchTable> {
  const unpacked = unpackedZipBytes(bytes);
  if (unpacked === null) throw unreadable('XLSX', 'not an Excel workbook (.xlsx)');
  if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw new HttpError(413, 'batch_file_too_large');
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw unreadable('XLSX', error instanceof Error ? error.message : String(error));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, 'batch_file_empty');
  if (sheet.actualRowCount > MAX_BATCH_ROWS + 1) throw new HttpError(400, 'batch_too_many_rows', { vars: { max: MAX_BATCH_ROWS } });
  if (sheet.columnCount > MAX_BATCH_COLUMNS) throw new HttpError(400, 'batch_too_many_columns', { vars: { max: MAX_BATCH_COLUMNS } });
  const records: { cells: string[]; line: number }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    records.push({ cells: Array.from({ length: sheet.columnCount }, (_, i) => cellText(row.getCell(i + 1).value)), line });
  });
  return toTable('xlsx', null, records);
}

/** JSON rows (`{ rows: [{ column: value }] }`): the columns in the order they first appear; text, numbers and true/false as text. */
export function readJsonRows(rows: unknown): BatchTable {
  if (!Array.isArray(rows)) throw new HttpError(400, 'batch_rows_invalid');
  const headers: string[] = [];
  const index = new Map<string, number>();
  const records: { cells: string[]; line: number }[] = [];
  rows.forEach((row, r) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new HttpError(400, 'batch_rows_invalid', { fields: { [`rows.${r}`]: '' } });
    const cells: string[] = [];
    for (const [key, value] of Object.entries(row)) {
      if (value !== null && typeof value === 'object') throw new HttpError(400, 'batch_rows_invalid', { fields: { [`rows.${r}.${key}`]: '' } });
      if (!index.has(key)) {
        index.set(key, headers.length);
        headers.push(key);
      }
      cells[index.get(key)!] = value === null || value === undefined ? '' : String(value);
    }
    records.push({ cells: Array.from({ length: Math.max(cells.length, 0) }, (_, i) => cells[i] ?? ''), line: r + 1 });
  });
  if (headers.length > MAX_BATCH_COLUMNS) throw new HttpError(400, 'batch_too_many_columns', { vars: { max: MAX_BATCH_COLUMNS } });
  return toTable('json', null, [{ cells: headers, line: 0 }, ...records]);
}

/** A cell Excel or LibreOffice would take as a formula (= + - @, or a tab or carriage return first) gets a leading ' (CSV injection). */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Rows as CSV in the delimiter the file came with: UTF-8 with a BOM (so Excel reads å, ä, ö), CRLF, every cell neutralised. */
export function writeCsv(rows: string[][], delimiter: Delimiter): Uint8Array {
  const quote = (cell: string) => {
    const safe = neutralise(cell);
    return /["\r\n]/.test(safe) || safe.includes(delimiter) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return new TextEncoder().encode(`\ufeff${rows.map((row) => row.map(quote).join(delimiter)).join('\r\n')}\r\n`);
}

/** Rows as an XLSX workbook of one sheet: every cell a text cell, neutralised. */
export async function writeXlsx(rows: string[][], sheetName: string): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map(neutralise));
  sheet.getRow(1).font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
