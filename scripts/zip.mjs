// A small ZIP writer and reader (PKWARE APPNOTE 6.3.x, the subset every
// unzip, browser, LMS and SCORM player reads): entries stored or deflated
// with node:zlib, CRC-32 computed here, UTF-8 names (flag bit 11), one fixed
// timestamp so that the same files give the same bytes. No ZIP64 (under
// 4 GiB and 65,535 entries), no encryption, no data descriptors.
// Used by scripts/build-site.mjs (dist/attention-lab-site.zip); meant for
// any other archive the build writes (e.g. SCORM packages).
//
//   zip(entries, options) -> Buffer
//     entries: [{name: 'dir/file.txt', data: Buffer | Uint8Array | string}]
//     options: {method: 'deflate' (default: each entry deflated unless that
//               is not smaller, then stored) | 'store', level: 9,
//               date: Date (default: SOURCE_DATE_EPOCH, else 1980-01-01)}
//   zipDirectory(dir, {prefix: 'site/', filter: (rel) => true, ...options}) -> Buffer
//   unzip(buffer) -> [{name, data: Buffer, method, date}]  (checks every CRC and size)
//   crc32(bytes, crc = 0) -> unsigned 32-bit CRC (IEEE 802.3, as zlib's crc32)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes, crc = 0) {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const SIG_LOCAL = 0x04034b50, SIG_CENTRAL = 0x02014b50, SIG_END = 0x06054b50;
const STORE = 0, DEFLATE = 8;
const FLAG_UTF8 = 0x0800;
const UNIX = 3;                 // "version made by": host system Unix (so the mode below is read)
const VERSION_NEEDED = 20;      // 2.0: deflate
const MODE_FILE = 0o100644;     // regular file, rw-r--r--

function defaultDate() {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date(Date.UTC(1980, 0, 1));
}

// MS-DOS time and date (2-second resolution), from the UTC fields: the
// same bytes in every time zone.
function dosDateTime(date) {
  const y = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((y - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function checkName(name, seen) {
  if (typeof name !== 'string' || !name || name.length > 0xffff) throw new Error(`zip: bad entry name ${JSON.stringify(name)}`);
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').some((p) => p === '..' || p === '.' || p === ''))
    throw new Error(`zip: entry name ${JSON.stringify(name)} must be a relative path with / separators and no . or .. parts`);
  if (seen.has(name)) throw new Error(`zip: duplicate entry ${name}`);
  seen.add(name);
}

export function zip(entries, { method = 'deflate', level = 9, date = defaultDate() } = {}) {
  if (method !== 'deflate' && method !== 'store') throw new Error(`zip: method must be 'deflate' or 'store', got ${method}`);
  if (entries.length > 0xffff) throw new Error('zip: more than 65,535 entries needs ZIP64');
  const { time, date: day } = dosDateTime(date);
  const seen = new Set();
  const locals = [], centrals = [];
  let offset = 0;
  for (const entry of entries) {
    checkName(entry.name, seen);
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    const crc = crc32(data);
    let body = data, how = STORE;
    if (method === 'deflate' && data.length > 0) {
      const deflated = zlib.deflateRawSync(data, { level });
      if (deflated.length < data.length) { body = deflated; how = DEFLATE; }
    }
    if (offset + 30 + name.length + body.length > 0xffffffff) throw new Error('zip: archive over 4 GiB needs ZIP64');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIG_LOCAL, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(FLAG_UTF8, 6);
    local.writeUInt16LE(how, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);                 // extra field length
    const central = Buffer.alloc(46);
    central.writeUInt32LE(SIG_CENTRAL, 0);
    central.writeUInt16LE((UNIX << 8) | VERSION_NEEDED, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt16LE(FLAG_UTF8, 8);
    central.writeUInt16LE(how, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra (30), comment (32), disk (34), internal attributes (36): 0
    central.writeUInt32LE((MODE_FILE << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIG_END, 0);
  // disk numbers (4, 6): 0
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  // comment length (20): 0
  return Buffer.concat([...locals, cd, end]);
}

// Every file under dir (no directories, no symlinks followed), as relative
// paths with / separators, sorted.
export function filesUnder(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(dir, r));
    else if (e.isFile()) out.push(r);
  }
  return out.sort();
}

export function zipDirectory(dir, { prefix = '', filter = () => true, ...options } = {}) {
  const entries = filesUnder(dir).filter(filter).map((rel) => ({ name: prefix + rel, data: fs.readFileSync(path.join(dir, rel)) }));
  return zip(entries, options);
}

export function unzip(buffer) {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === SIG_END) { end = i; break; }
  }
  if (end < 0) throw new Error('unzip: no end of central directory record');
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = [];
  for (let k = 0; k < count; k++) {
    if (buf.readUInt32LE(p) !== SIG_CENTRAL) throw new Error(`unzip: bad central directory entry ${k}`);
    const flags = buf.readUInt16LE(p + 8), how = buf.readUInt16LE(p + 10);
    const time = buf.readUInt16LE(p + 12), day = buf.readUInt16LE(p + 14);
    const crc = buf.readUInt32LE(p + 16), csize = buf.readUInt32LE(p + 20), size = buf.readUInt32LE(p + 24);
    const nlen = buf.readUInt16LE(p + 28), xlen = buf.readUInt16LE(p + 30), clen = buf.readUInt16LE(p + 32);
    const at = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nlen).toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1');
    p += 46 + nlen + xlen + clen;
    if (buf.readUInt32LE(at) !== SIG_LOCAL) throw new Error(`unzip: ${name}: bad local header`);
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const body = buf.subarray(start, start + csize);
    let data;
    if (how === STORE) data = Buffer.from(body);
    else if (how === DEFLATE) {
      try {
        data = zlib.inflateRawSync(body);
      } catch (e) {
        throw new Error(`unzip: ${name}: ${e.message}`);
      }
    }
    else throw new Error(`unzip: ${name}: compression method ${how} not supported`);
    if (data.length !== size) throw new Error(`unzip: ${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`unzip: ${name}: CRC mismatch`);
    const date = new Date(Date.UTC(1980 + (day >> 9), ((day >> 5) & 15) - 1, day & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2));
    out.push({ name, data, method: how === STORE ? 'store' : 'deflate', date });
  }
  return out;
}
