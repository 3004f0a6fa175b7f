// exceljs, loaded when a workbook is first read or written. Its zip reader (unzipper → fstream) asks for the
// process umask as it loads, which Deno grants only with --allow-sys; the function runs without it and writes no
// file, so a refused umask is answered with the usual 0o022 instead of failing the whole function at start.
import process from 'node:process';
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcel(): Promise<typeof ExcelJS> {
  if (!loading) {
    const umask = process.umask.bind(process);
    process.umask = ((mask?: number) => {
      try {
        return mask === undefined ? umask() : umask(mask);
      } catch {
        return 0o022;
      }
    }) as typeof process.umask;
    loading = import('exceljs').then((module) => module.default);
  }
  return loading;
}
