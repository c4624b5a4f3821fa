#!/usr/bin/env node
/**
 * Draws the Identity Simulator icon (a white key on a teal rounded square) and writes it in the
 * formats the installers need: PNGs for Linux, an .ico for Windows and an .icns for macOS.
 * Plain Node, no dependencies: shapes are signed distance functions, so every size is drawn
 * crisply with smooth edges rather than scaled down from one bitmap.
 *
 *   node resources/make-icons.mjs     (writes into resources/)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const OUT = dirname(fileURLToPath(import.meta.url));
const PNG_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 32, 48, 256];
const ICNS_ENTRIES = [
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];

// ---- Shapes, in a unit square (0..1, y down). Negative distance = inside. ----

const length = (x, y) => Math.hypot(x, y);

function roundedBox(px, py, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(px - cx) - halfW + radius;
  const qy = Math.abs(py - cy) - halfH + radius;
  return length(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

const box = (px, py, x0, y0, x1, y1, r = 0) =>
  roundedBox(px, py, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, r);

/** The tile behind the glyph. */
const tile = (x, y) => roundedBox(x, y, 0.5, 0.5, 0.44, 0.44, 0.2);

/** A key in its own frame (head on the left, bit on the right), centred on the origin. */
function keyLocal(u, v) {
  const ring = Math.max(length(u + 0.2, v) - 0.165, 0.07 - length(u + 0.2, v));
  const shaft = box(u, v, -0.06, -0.045, 0.31, 0.045, 0.015);
  const tooth1 = box(u, v, 0.17, 0.0, 0.225, 0.13, 0.01);
  const tooth2 = box(u, v, 0.255, 0.0, 0.31, 0.105, 0.01);
  return Math.min(ring, shaft, tooth1, tooth2);
}

/** The key, turned 45° so its head sits top left and its bit points bottom right. */
function key(x, y) {
  const dx = x - 0.535;
  const dy = y - 0.525;
  const c = Math.SQRT1_2;
  // Inverse rotation of the point into the key's frame.
  return keyLocal(dx * c + dy * c, -dx * c + dy * c);
}

/** Coverage (0..1) of a shape at a pixel, from its distance in pixels: a one-pixel soft edge. */
const coverage = (distance, size) => Math.min(1, Math.max(0, 0.5 - distance * size));

const TOP = [24, 140, 145]; // teal
const BOTTOM = [10, 88, 108]; // deep teal-blue

function draw(size) {
  const rgba = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = (i + 0.5) / size;
      const y = (j + 0.5) / size;
      const a = coverage(tile(x, y), size);
      if (a === 0) continue;
      const t = Math.min(1, Math.max(0, (y - 0.06) / 0.88));
      const k = coverage(key(x, y), size);
      const o = (j * size + i) * 4;
      for (let ch = 0; ch < 3; ch++) {
        const bg = TOP[ch] + (BOTTOM[ch] - TOP[ch]) * t;
        rgba[o + ch] = Math.round(bg + (255 - bg) * k);
      }
      rgba[o + 3] = Math.round(255 * a);
    }
  }
  return rgba;
}

// ---- File formats ----

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG. */
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let j = 0; j < size; j++) {
    rows[j * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, j * (size * 4 + 1) + 1, j * size * 4, (j + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Windows icon whose entries are PNG images (supported since Windows Vista). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    entries.push(e);
    offset += data.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

/** A macOS icon family whose entries are PNG images. */
function icns(entries) {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([header, ...parts]);
}

// ---- Output ----

const pngs = new Map(PNG_SIZES.map((size) => [size, png(size, draw(size))]));
mkdirSync(join(OUT, 'icons'), { recursive: true });
for (const [size, data] of pngs) writeFileSync(join(OUT, 'icons', `${size}x${size}.png`), data);
writeFileSync(join(OUT, 'icon.png'), pngs.get(512));
writeFileSync(
  join(OUT, 'icon.ico'),
  ico(ICO_SIZES.map((size) => ({ size, data: pngs.get(size) }))),
);
writeFileSync(
  join(OUT, 'icon.icns'),
  icns(ICNS_ENTRIES.map(([type, size]) => ({ type, data: pngs.get(size) }))),
);
console.log(`Icons written to ${OUT}`);
