/**
 * Argon2id (RFC 9106, version 0x13) in one self-contained function: it refers to nothing outside
 * itself, so its source text (`computeArgon2id.toString()`) runs as it is in a worker thread
 * started from a code string. That works the same from the compiled files, the single-file
 * headless bundle and the desktop app's asar archive, where a worker could not load a file.
 * Checked against @noble/hashes in the tests.
 */
export function computeArgon2id(
  password: Uint8Array,
  salt: Uint8Array,
  m: number,
  t: number,
  p: number,
  dkLen: number,
): Uint8Array {
  // ---- 64-bit words as (lo, hi) pairs of 32-bit halves in Uint32Arrays ------------------------
  const IV = [
    0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
    0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
  ];
  const SIGMA = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2,
    11, 7, 5, 3, 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4, 7, 9, 3, 1, 13, 12, 11, 14,
    2, 6, 5, 10, 4, 0, 15, 8, 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13, 2, 12, 6, 10, 0,
    11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9, 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11, 13,
    11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10, 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4,
    10, 5, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
  ];
  const TWO32 = 0x100000000;

  /** Upper 32 bits of the 64-bit product of two unsigned 32-bit numbers. */
  const mulHi = (a: number, b: number): number => {
    const a0 = a & 0xffff;
    const a1 = a >>> 16;
    const b0 = b & 0xffff;
    const b1 = b >>> 16;
    const mid = a0 * b1 + a1 * b0;
    const low = a0 * b0 + (mid % 65536) * 65536;
    return (a1 * b1 + Math.floor(mid / 65536) + Math.floor(low / TWO32)) >>> 0;
  };

  // ---- BLAKE2b ---------------------------------------------------------------------------------
  const v = new Uint32Array(32);
  const mw = new Uint32Array(32);
  const add64 = (a: number, b: number): void => {
    const lo = v[a]! + v[b]!;
    v[a + 1] = v[a + 1]! + v[b + 1]! + (lo >= TWO32 ? 1 : 0);
    v[a] = lo;
  };
  const addMsg = (a: number, x: number): void => {
    const lo = v[a]! + mw[x]!;
    v[a + 1] = v[a + 1]! + mw[x + 1]! + (lo >= TWO32 ? 1 : 0);
    v[a] = lo;
  };
  const mix = (a: number, b: number, c: number, d: number, x: number, y: number): void => {
    a *= 2;
    b *= 2;
    c *= 2;
    d *= 2;
    add64(a, b);
    addMsg(a, x * 2);
    let lo = v[d]! ^ v[a]!;
    let hi = v[d + 1]! ^ v[a + 1]!;
    v[d] = hi;
    v[d + 1] = lo;
    add64(c, d);
    lo = v[b]! ^ v[c]!;
    hi = v[b + 1]! ^ v[c + 1]!;
    v[b] = (lo >>> 24) | (hi << 8);
    v[b + 1] = (hi >>> 24) | (lo << 8);
    add64(a, b);
    addMsg(a, y * 2);
    lo = v[d]! ^ v[a]!;
    hi = v[d + 1]! ^ v[a + 1]!;
    v[d] = (lo >>> 16) | (hi << 16);
    v[d + 1] = (hi >>> 16) | (lo << 16);
    add64(c, d);
    lo = v[b]! ^ v[c]!;
    hi = v[b + 1]! ^ v[c + 1]!;
    v[b] = (lo << 1) | (hi >>> 31);
    v[b + 1] = (hi << 1) | (lo >>> 31);
  };

  /** BLAKE2b of `input` with an output of `outLen` bytes (1..64), no key. */
  const blake2b = (input: Uint8Array, outLen: number): Uint8Array => {
    const h = new Uint32Array(IV);
    h[0] = h[0]! ^ (0x01010000 ^ outLen);
    const blocks = Math.max(1, Math.ceil(input.length / 128));
    const block = new Uint8Array(128);
    const view = new DataView(block.buffer);
    for (let n = 0; n < blocks; n++) {
      const last = n === blocks - 1;
      block.fill(0);
      block.set(input.subarray(n * 128, Math.min(input.length, n * 128 + 128)));
      for (let i = 0; i < 32; i++) mw[i] = view.getUint32(i * 4, true);
      const counter = last ? input.length : (n + 1) * 128;
      for (let i = 0; i < 16; i++) v[i] = h[i]!;
      for (let i = 0; i < 16; i++) v[16 + i] = IV[i]!;
      v[24] = v[24]! ^ (counter % TWO32);
      v[25] = v[25]! ^ Math.floor(counter / TWO32);
      if (last) {
        v[28] = ~v[28]!;
        v[29] = ~v[29]!;
      }
      for (let r = 0; r < 12; r++) {
        const s = (r % 10) * 16;
        mix(0, 4, 8, 12, SIGMA[s]!, SIGMA[s + 1]!);
        mix(1, 5, 9, 13, SIGMA[s + 2]!, SIGMA[s + 3]!);
        mix(2, 6, 10, 14, SIGMA[s + 4]!, SIGMA[s + 5]!);
        mix(3, 7, 11, 15, SIGMA[s + 6]!, SIGMA[s + 7]!);
        mix(0, 5, 10, 15, SIGMA[s + 8]!, SIGMA[s + 9]!);
        mix(1, 6, 11, 12, SIGMA[s + 10]!, SIGMA[s + 11]!);
        mix(2, 7, 8, 13, SIGMA[s + 12]!, SIGMA[s + 13]!);
        mix(3, 4, 9, 14, SIGMA[s + 14]!, SIGMA[s + 15]!);
      }
      for (let i = 0; i < 16; i++) h[i] = h[i]! ^ v[i]! ^ v[16 + i]!;
    }
    const out = new Uint8Array(64);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 16; i++) outView.setUint32(i * 4, h[i]!, true);
    return out.slice(0, outLen);
  };

  const le32 = (n: number): Uint8Array => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    return b;
  };
  const concat = (...parts: Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
    let at = 0;
    for (const x of parts) {
      out.set(x, at);
      at += x.length;
    }
    return out;
  };

  /** H' (RFC 9106 section 3.3): BLAKE2b stretched to any length. */
  const hashLong = (outLen: number, input: Uint8Array): Uint8Array => {
    const x = concat(le32(outLen), input);
    if (outLen <= 64) return blake2b(x, outLen);
    const out = new Uint8Array(outLen);
    const r = Math.ceil(outLen / 32) - 2;
    let vi = blake2b(x, 64);
    out.set(vi.subarray(0, 32), 0);
    for (let i = 1; i < r; i++) {
      vi = blake2b(vi, 64);
      out.set(vi.subarray(0, 32), i * 32);
    }
    out.set(blake2b(vi, outLen - 32 * r), 32 * r);
    return out;
  };

  // ---- Argon2 ----------------------------------------------------------------------------------
  const h0 = blake2b(
    concat(
      le32(p),
      le32(dkLen),
      le32(m),
      le32(t),
      le32(0x13),
      le32(2),
      le32(password.length),
      password,
      le32(salt.length),
      salt,
      le32(0),
      le32(0),
    ),
    64,
  );
  const segmentLength = Math.floor(m / (4 * p));
  const laneLength = segmentLength * 4;
  const blockCount = laneLength * p;
  const memory = new Uint32Array(blockCount * 256);

  const setBlock = (index: number, bytes: Uint8Array): void => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, 1024);
    for (let i = 0; i < 256; i++) memory[index * 256 + i] = view.getUint32(i * 4, true);
  };
  for (let lane = 0; lane < p; lane++) {
    setBlock(lane * laneLength, hashLong(1024, concat(h0, le32(0), le32(lane))));
    setBlock(lane * laneLength + 1, hashLong(1024, concat(h0, le32(1), le32(lane))));
  }

  // The compression function G over 1 KiB blocks, with BLAKE2b's round made of BlaMka mixes.
  const r = new Uint32Array(256);
  const q = new Uint32Array(256);
  /**
   * BLAKE2b's G with BlaMka's multiply (x + y + 2 * lo(x) * lo(y)) on four 64-bit words of q,
   * all in 32-bit locals.
   */
  const gb = (a: number, b: number, c: number, d: number): void => {
    let al = q[a]!;
    let ah = q[a + 1]!;
    let bl = q[b]!;
    let bh = q[b + 1]!;
    let cl = q[c]!;
    let ch = q[c + 1]!;
    let dl = q[d]!;
    let dh = q[d + 1]!;
    let ll: number, hl: number, lh: number, carry: number, pl: number, ph: number, sum: number;
    let tl: number;

    // a = a + b + 2 * lo(a) * lo(b)
    ll = Math.imul(al & 0xffff, bl & 0xffff) >>> 0;
    hl = Math.imul(al >>> 16, bl & 0xffff) >>> 0;
    lh = Math.imul(al & 0xffff, bl >>> 16) >>> 0;
    carry = (ll >>> 16) + (hl & 0xffff) + (lh & 0xffff);
    ph = Math.imul(al >>> 16, bl >>> 16) + (hl >>> 16) + (lh >>> 16) + (carry >>> 16);
    pl = ((carry << 16) | (ll & 0xffff)) >>> 0;
    ph = ((ph << 1) | (pl >>> 31)) >>> 0;
    pl = (pl << 1) >>> 0;
    sum = al + bl + pl;
    ah = (ah + bh + ph + ((sum / TWO32) | 0)) >>> 0;
    al = sum >>> 0;
    // d = rotr64(d ^ a, 32)
    tl = dl ^ al;
    dl = (dh ^ ah) >>> 0;
    dh = tl >>> 0;
    // c = c + d + 2 * lo(c) * lo(d)
    ll = Math.imul(cl & 0xffff, dl & 0xffff) >>> 0;
    hl = Math.imul(cl >>> 16, dl & 0xffff) >>> 0;
    lh = Math.imul(cl & 0xffff, dl >>> 16) >>> 0;
    carry = (ll >>> 16) + (hl & 0xffff) + (lh & 0xffff);
    ph = Math.imul(cl >>> 16, dl >>> 16) + (hl >>> 16) + (lh >>> 16) + (carry >>> 16);
    pl = ((carry << 16) | (ll & 0xffff)) >>> 0;
    ph = ((ph << 1) | (pl >>> 31)) >>> 0;
    pl = (pl << 1) >>> 0;
    sum = cl + dl + pl;
    ch = (ch + dh + ph + ((sum / TWO32) | 0)) >>> 0;
    cl = sum >>> 0;
    // b = rotr64(b ^ c, 24)
    tl = bl ^ cl;
    let th = bh ^ ch;
    bl = ((tl >>> 24) | (th << 8)) >>> 0;
    bh = ((th >>> 24) | (tl << 8)) >>> 0;
    // a = a + b + 2 * lo(a) * lo(b)
    ll = Math.imul(al & 0xffff, bl & 0xffff) >>> 0;
    hl = Math.imul(al >>> 16, bl & 0xffff) >>> 0;
    lh = Math.imul(al & 0xffff, bl >>> 16) >>> 0;
    carry = (ll >>> 16) + (hl & 0xffff) + (lh & 0xffff);
    ph = Math.imul(al >>> 16, bl >>> 16) + (hl >>> 16) + (lh >>> 16) + (carry >>> 16);
    pl = ((carry << 16) | (ll & 0xffff)) >>> 0;
    ph = ((ph << 1) | (pl >>> 31)) >>> 0;
    pl = (pl << 1) >>> 0;
    sum = al + bl + pl;
    ah = (ah + bh + ph + ((sum / TWO32) | 0)) >>> 0;
    al = sum >>> 0;
    // d = rotr64(d ^ a, 16)
    tl = dl ^ al;
    th = dh ^ ah;
    dl = ((tl >>> 16) | (th << 16)) >>> 0;
    dh = ((th >>> 16) | (tl << 16)) >>> 0;
    // c = c + d + 2 * lo(c) * lo(d)
    ll = Math.imul(cl & 0xffff, dl & 0xffff) >>> 0;
    hl = Math.imul(cl >>> 16, dl & 0xffff) >>> 0;
    lh = Math.imul(cl & 0xffff, dl >>> 16) >>> 0;
    carry = (ll >>> 16) + (hl & 0xffff) + (lh & 0xffff);
    ph = Math.imul(cl >>> 16, dl >>> 16) + (hl >>> 16) + (lh >>> 16) + (carry >>> 16);
    pl = ((carry << 16) | (ll & 0xffff)) >>> 0;
    ph = ((ph << 1) | (pl >>> 31)) >>> 0;
    pl = (pl << 1) >>> 0;
    sum = cl + dl + pl;
    ch = (ch + dh + ph + ((sum / TWO32) | 0)) >>> 0;
    cl = sum >>> 0;
    // b = rotr64(b ^ c, 63)
    tl = bl ^ cl;
    th = bh ^ ch;
    bl = ((tl << 1) | (th >>> 31)) >>> 0;
    bh = ((th << 1) | (tl >>> 31)) >>> 0;

    q[a] = al;
    q[a + 1] = ah;
    q[b] = bl;
    q[b + 1] = bh;
    q[c] = cl;
    q[c + 1] = ch;
    q[d] = dl;
    q[d + 1] = dh;
  };
  /** The positions (in 32-bit halves) of the sixteen words of each of the 16 permutations. */
  const PERMUTATIONS = new Int32Array(16 * 16);
  for (let i = 0; i < 8; i++)
    for (let j = 0; j < 16; j++) {
      PERMUTATIONS[i * 16 + j] = (i * 16 + j) * 2; // rows
      PERMUTATIONS[(8 + i) * 16 + j] = (2 * i + 16 * (j >> 1) + (j & 1)) * 2; // columns
    }
  const permute = (o: number): void => {
    const w = PERMUTATIONS;
    gb(w[o]!, w[o + 4]!, w[o + 8]!, w[o + 12]!);
    gb(w[o + 1]!, w[o + 5]!, w[o + 9]!, w[o + 13]!);
    gb(w[o + 2]!, w[o + 6]!, w[o + 10]!, w[o + 14]!);
    gb(w[o + 3]!, w[o + 7]!, w[o + 11]!, w[o + 15]!);
    gb(w[o]!, w[o + 5]!, w[o + 10]!, w[o + 15]!);
    gb(w[o + 1]!, w[o + 6]!, w[o + 11]!, w[o + 12]!);
    gb(w[o + 2]!, w[o + 7]!, w[o + 8]!, w[o + 13]!);
    gb(w[o + 3]!, w[o + 4]!, w[o + 9]!, w[o + 14]!);
  };
  /** out = G(x, y), XORed into out's old value when `xor` (passes after the first). */
  const compress = (
    x: Uint32Array,
    xOff: number,
    y: Uint32Array,
    yOff: number,
    out: Uint32Array,
    outOff: number,
    xor: boolean,
  ): void => {
    for (let i = 0; i < 256; i++) r[i] = x[xOff + i]! ^ y[yOff + i]!;
    q.set(r);
    for (let i = 0; i < 16; i++) permute(i * 16);
    for (let i = 0; i < 256; i++) {
      const value = q[i]! ^ r[i]!;
      out[outOff + i] = xor ? out[outOff + i]! ^ value : value;
    }
  };

  const zero = new Uint32Array(256);
  const input = new Uint32Array(256);
  const address = new Uint32Array(256);
  for (let pass = 0; pass < t; pass++) {
    for (let slice = 0; slice < 4; slice++) {
      for (let lane = 0; lane < p; lane++) {
        const independent = pass === 0 && slice < 2;
        const nextAddresses = (): void => {
          input[12] = input[12]! + 1;
          compress(zero, 0, input, 0, address, 0, false);
          compress(zero, 0, address, 0, address, 0, false);
        };
        if (independent) {
          input.fill(0);
          input[0] = pass;
          input[2] = lane;
          input[4] = slice;
          input[6] = blockCount;
          input[8] = t;
          input[10] = 2;
        }
        let start = 0;
        if (pass === 0 && slice === 0) {
          start = 2;
          if (independent) nextAddresses();
        }
        let current = lane * laneLength + slice * segmentLength + start;
        let previous = current % laneLength === 0 ? current + laneLength - 1 : current - 1;
        for (let i = start; i < segmentLength; i++, current++, previous++) {
          if (current % laneLength === 1) previous = current - 1;
          let j1: number;
          let j2: number;
          if (independent) {
            if (i % 128 === 0) nextAddresses();
            j1 = address[(i % 128) * 2]!;
            j2 = address[(i % 128) * 2 + 1]!;
          } else {
            j1 = memory[previous * 256]!;
            j2 = memory[previous * 256 + 1]!;
          }
          const refLane = pass === 0 && slice === 0 ? lane : j2 % p;
          const sameLane = refLane === lane;
          let areaSize: number;
          if (pass === 0) {
            if (slice === 0) areaSize = i - 1;
            else if (sameLane) areaSize = slice * segmentLength + i - 1;
            else areaSize = slice * segmentLength + (i === 0 ? -1 : 0);
          } else if (sameLane) areaSize = laneLength - segmentLength + i - 1;
          else areaSize = laneLength - segmentLength + (i === 0 ? -1 : 0);
          const x = mulHi(j1, j1);
          const relative = areaSize - 1 - mulHi(areaSize, x);
          const startPosition = pass !== 0 && slice !== 3 ? (slice + 1) * segmentLength : 0;
          const refIndex = (startPosition + relative) % laneLength;
          compress(
            memory,
            previous * 256,
            memory,
            (refLane * laneLength + refIndex) * 256,
            memory,
            current * 256,
            pass !== 0,
          );
        }
      }
    }
  }

  const final = new Uint32Array(256);
  for (let lane = 0; lane < p; lane++) {
    const last = (lane * laneLength + laneLength - 1) * 256;
    for (let i = 0; i < 256; i++) final[i] = final[i]! ^ memory[last + i]!;
  }
  const finalBytes = new Uint8Array(1024);
  const finalView = new DataView(finalBytes.buffer);
  for (let i = 0; i < 256; i++) finalView.setUint32(i * 4, final[i]!, true);
  return hashLong(dkLen, finalBytes);
}
