// Column letters as spreadsheets name columns (A, B, …, Z, AA): the same in Swedish and English Excel. Used where a
// column has no name of its own: a batch file's errors ("kolumn C") and the name an extract_table step gives a
// column without a heading, which is a key (batch mappings, downloads) and so must not change with anyone's language.

/** Column `index` (0-based) as Excel names it: A, B, …, Z, AA. */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
