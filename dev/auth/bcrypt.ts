// bcrypt ($2a$, the variant GoTrue's Go library writes) in plain TypeScript. GoTrue hashes in Go, not
// in SQL; the stand-in does the same, so it needs no privilege on pgcrypto's `extensions` schema.
// It verifies `$2a$`/`$2b$`/`$2y$` hashes of any cost, including pgcrypto `crypt(pw, gen_salt('bf'))`.
// Blowfish's initial state is the hexadecimal expansion of π, computed once rather than tabulated.
import { randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const WORDS = 18 + 4 * 256;

let piWords: Uint32Array | undefined;

/** The first 1042 32-bit words of π's fractional part (Machin: π = 16·atan(1/5) − 4·atan(1/239)). */
function blowfishInit(): Uint32Array {
  if (piWords) return piWords;
  const bits = BigInt(WORDS * 32 + 64);
  const one = 1n << bits;
  const atanInv = (x: bigint) => {
    let sum = 0n;
    let power = one / x;
    const x2 = x * x;
    for (let k = 1n, sign = 1n; power !== 0n; k += 2n, sign = -sign) {
      sum += (sign * power) / k;
      power /= x2;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  const fraction = (pi % one) >> 64n;
  const words = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) words[i] = Number((fraction >> BigInt((WORDS - 1 - i) * 32)) & 0xffffffffn);
  piWords = words;
  return words;
}

type State = { P: Uint32Array; S: Uint32Array };

function encipher(st: State, lr: Uint32Array, off: number) {
  const { P, S } = st;
  let l = lr[off];
  let r = lr[off + 1];
  l ^= P[0];
  for (let i = 1; i <= 16; i += 2) {
    r ^= ((((S[l >>> 24] + S[256 | ((l >>> 16) & 0xff)]) ^ S[512 | ((l >>> 8) & 0xff)]) + S[768 | (l & 0xff)]) ^ P[i]) >>> 0;
    l ^= ((((S[r >>> 24] + S[256 | ((r >>> 16) & 0xff)]) ^ S[512 | ((r >>> 8) & 0xff)]) + S[768 | (r & 0xff)]) ^ P[i + 1]) >>> 0;
  }
  lr[off] = (r ^ P[17]) >>> 0;
  lr[off + 1] = l >>> 0;
}

function streamWord(data: Uint8Array, pos: { i: number }) {
  let word = 0;
  for (let k = 0; k < 4; k++) {
    word = ((word << 8) | data[pos.i]) >>> 0;
    pos.i = (pos.i + 1) % data.length;
  }
  return word;
}

function expandKey(st: State, key: Uint8Array, salt?: Uint8Array) {
  const kp = { i: 0 };
  for (let i = 0; i < 18; i++) st.P[i] = (st.P[i] ^ streamWord(key, kp)) >>> 0;
  const lr = new Uint32Array(2);
  const sp = { i: 0 };
  const fill = (target: Uint32Array, length: number) => {
    for (let i = 0; i < length; i += 2) {
      if (salt) {
        lr[0] ^= streamWord(salt, sp);
        lr[1] ^= streamWord(salt, sp);
      }
      encipher(st, lr, 0);
      target[i] = lr[0];
      target[i + 1] = lr[1];
    }
  };
  fill(st.P, 18);
  fill(st.S, 1024);
}

function encode(bytes: Uint8Array, length: number) {
  let out = '';
  for (let i = 0; i < length; ) {
    let c1 = bytes[i++];
    out += ALPHABET[(c1 >> 2) & 0x3f];
    c1 = (c1 & 0x03) << 4;
    if (i >= length) { out += ALPHABET[c1]; break; }
    let c2 = bytes[i++];
    out += ALPHABET[c1 | ((c2 >> 4) & 0x0f)];
    c1 = (c2 & 0x0f) << 2;
    if (i >= length) { out += ALPHABET[c1]; break; }
    c2 = bytes[i++];
    out += ALPHABET[c1 | ((c2 >> 6) & 0x03)] + ALPHABET[c2 & 0x3f];
  }
  return out;
}

function decode(text: string, length: number): Uint8Array | undefined {
  const out: number[] = [];
  const val = (ch: string) => ALPHABET.indexOf(ch);
  let i = 0;
  while (i < text.length - 1 && out.length < length) {
    const c1 = val(text[i++]);
    const c2 = val(text[i++]);
    if (c1 < 0 || c2 < 0) return undefined;
    out.push(((c1 << 2) | ((c2 & 0x30) >> 4)) & 0xff);
    if (out.length >= length || i >= text.length) break;
    const c3 = val(text[i++]);
    if (c3 < 0) return undefined;
    out.push((((c2 & 0x0f) << 4) | ((c3 & 0x3c) >> 2)) & 0xff);
    if (out.length >= length || i >= text.length) break;
    const c4 = val(text[i++]);
    if (c4 < 0) return undefined;
    out.push((((c3 & 0x03) << 6) | c4) & 0xff);
  }
  return out.length === length ? Uint8Array.from(out) : undefined;
}

function rawHash(password: string, salt: Uint8Array, cost: number): string {
  const pw = Buffer.from(password, 'utf8');
  const key = new Uint8Array(Math.min(pw.length + 1, 72));
  key.set(pw.subarray(0, key.length - (pw.length + 1 > 72 ? 0 : 1)));
  const init = blowfishInit();
  const st: State = { P: init.slice(0, 18), S: init.slice(18) };
  expandKey(st, key, salt);
  for (let round = 0, rounds = 2 ** cost; round < rounds; round++) {
    expandKey(st, key);
    expandKey(st, salt);
  }
  const magic = Buffer.from('OrpheanBeholderScryDoubt', 'latin1');
  const cdata = new Uint32Array(6);
  for (let i = 0; i < 6; i++) cdata[i] = magic.readUInt32BE(i * 4);
  for (let i = 0; i < 64; i++) for (let j = 0; j < 6; j += 2) encipher(st, cdata, j);
  const out = Buffer.alloc(24);
  for (let i = 0; i < 6; i++) out.writeUInt32BE(cdata[i], i * 4);
  return encode(out, 23);
}

/** A `$2a$<cost>$…` hash, like Go's `bcrypt.GenerateFromPassword`. */
export function bcryptHash(password: string, cost = 10): string {
  const salt = randomBytes(16);
  return `$2a$${String(cost).padStart(2, '0')}$${encode(salt, 16)}${rawHash(password, salt, cost)}`;
}

/** True when `password` matches a `$2a$`/`$2b$`/`$2y$` hash; false for anything else. */
export function bcryptVerify(password: string, hash: string): boolean {
  const m = /^\$2[aby]\$(\d\d)\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/.exec(hash ?? '');
  if (!m) return false;
  const cost = Number(m[1]);
  if (cost < 4 || cost > 31) return false;
  const salt = decode(m[2], 16);
  if (!salt) return false;
  const expected = Buffer.from(m[3]);
  const actual = Buffer.from(rawHash(password, salt, cost));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
