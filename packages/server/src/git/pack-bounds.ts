import { inflateSync } from 'node:zlib';

/*
 * A bound on what a repository's pack unpacks to (issue 39, the trust boundary). A pack is
 * fetched within a size (transport.ts), but its objects are zlib streams: a hostile repository
 * can send 100 KB that inflate to gigabytes, and a delta can ask for a huge object built from
 * copies of a small one. isomorphic-git inflates every object whole in memory as it indexes the
 * pack, so the pack is read here first, before it is handed over: each object's size as its
 * header declares it (and a delta's result size, from the delta's own header) is checked
 * before anything is inflated, and the inflation itself is held to the declared size, so a
 * header that lies stops at the lie.
 */

export interface UnpackLimits {
  /** The largest object (as stored, or as a delta builds it). */
  objectBytes: number;
  /** All the pack's objects together. */
  totalBytes: number;
}

/** The pack's objects unpack to more than the limits allow. */
export class PackTooLarge extends Error {}

/** The bytes are not a pack git would read (a header that lies about a size, a stream cut short). */
export class PackUnreadable extends Error {}

const PACK_SIGNATURE = 'PACK';
const OFS_DELTA = 6;
const REF_DELTA = 7;

/**
 * The pack of an upload-pack answer: the side-band's pack channel joined, or the bytes after the
 * negotiation's lines when the answer has no side-band; undefined when the answer holds no pack
 * (an error the repository reported on its error channel is left for isomorphic-git to tell).
 */
export function packOfUploadPackAnswer(answer: Buffer): Buffer | undefined {
  const packParts: Buffer[] = [];
  let at = 0;
  while (at + 4 <= answer.length) {
    const lengthText = answer.toString('latin1', at, at + 4);
    if (lengthText === PACK_SIGNATURE) return answer.subarray(at);
    if (!/^[0-9a-f]{4}$/i.test(lengthText)) throw new PackUnreadable('the answer is not in pkt-lines');
    const length = Number.parseInt(lengthText, 16);
    // A flush (0000) or a delimiter: no payload.
    if (length < 4) {
      at += 4;
      continue;
    }
    if (at + length > answer.length) throw new PackUnreadable('a pkt-line is cut short');
    const payload = answer.subarray(at + 4, at + length);
    const band = payload[0];
    if (band === 1) packParts.push(payload.subarray(1));
    else if (band === 3) return undefined;
    // Band 2 is progress; any other line is the negotiation's (NAK, ACK, shallow…).
    at += length;
  }
  return packParts.length === 0 ? undefined : Buffer.concat(packParts);
}

/** A little-endian base-128 number (a delta's sizes), from `at`; answers it and where it ends. */
function deltaSize(bytes: Buffer, at: number): { value: number; end: number } {
  let value = 0;
  let shift = 0;
  for (let i = at; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return { value, end: i + 1 };
    if (shift > 49) break;
  }
  throw new PackUnreadable('a delta\'s header is cut short');
}

/**
 * Refuses (PackTooLarge) a pack whose objects unpack to more than `limits`, or (PackUnreadable)
 * one that is not a pack, before isomorphic-git inflates any of it. What is inflated here is
 * held to each object's declared size, itself within the limits.
 */
export function checkPackBounds(pack: Buffer, limits: UnpackLimits): void {
  if (pack.length < 12 || pack.toString('latin1', 0, 4) !== PACK_SIGNATURE) throw new PackUnreadable('no pack signature');
  const count = pack.readUInt32BE(8);
  let at = 12;
  let total = 0;
  for (let object = 0; object < count; object++) {
    // The type and the size: 3 bits and 4 bits, then 7 bits a byte while the top bit is set.
    let byte = pack[at++];
    if (byte === undefined) throw new PackUnreadable('the pack ends before its last object');
    const type = (byte >> 4) & 7;
    let size = byte & 0x0f;
    let shift = 4;
    while ((byte & 0x80) !== 0) {
      byte = pack[at++];
      if (byte === undefined || shift > 49) throw new PackUnreadable('an object\'s header is cut short');
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    if (type === OFS_DELTA) {
      do {
        byte = pack[at++];
        if (byte === undefined) throw new PackUnreadable('a delta\'s base offset is cut short');
      } while ((byte & 0x80) !== 0);
    } else if (type === REF_DELTA) {
      at += 20;
    } else if (type < 1 || type > 4) {
      throw new PackUnreadable(`an object of unknown type ${type}`);
    }
    if (size > limits.objectBytes) throw new PackTooLarge(`an object of ${size} bytes`);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      // `info` answers the engine too, whose bytesWritten is the input the stream took: the next object starts there.
      inflated = inflateSync(pack.subarray(at), { info: true, maxOutputLength: Math.max(size, 1) }) as unknown as typeof inflated;
    } catch {
      throw new PackUnreadable('an object does not inflate to the size its header declares');
    }
    if (inflated.buffer.length !== size) throw new PackUnreadable('an object does not inflate to the size its header declares');
    at += inflated.engine.bytesWritten;
    let unpacked = size;
    if (type === OFS_DELTA || type === REF_DELTA) {
      // A delta's header: its base's size, then the size of the object it builds.
      const base = deltaSize(inflated.buffer, 0);
      unpacked = deltaSize(inflated.buffer, base.end).value;
      if (unpacked > limits.objectBytes) throw new PackTooLarge(`a delta building ${unpacked} bytes`);
    }
    total += unpacked;
    if (total > limits.totalBytes) throw new PackTooLarge(`objects of more than ${limits.totalBytes} bytes`);
  }
}
