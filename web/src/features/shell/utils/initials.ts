/** Up to two letters for an avatar: first and last name's initials ("Anna Maria Berg" → "AB"). */
export function initials(fullName: string, fallback = ''): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback.trim().charAt(0).toUpperCase();
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return letters
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}
