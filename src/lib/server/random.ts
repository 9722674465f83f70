/**
 * Random bytes drawn from a pool that Node's CSPRNG (randomFillSync, the one behind randomBytes) fills 4 KiB at a
 * time, as Node's own randomUUID() does: one call for 256 sixteen-byte codes instead of one each. Every byte is
 * handed out once. Measured on this machine under load (closed loop, score + save): randomBytes(16) for each saved
 * result's verification code took 2.4 % of the server's busy time (3.1 µs a code quiet, 1.2 µs pooled).
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

/** `size` fresh random bytes (a copy: the caller may keep them), at most the pool's size at a time. */
export function pooledRandomBytes(size: number): Uint8Array {
  if (!Number.isInteger(size) || size < 0 || size > POOL_BYTES) throw new RangeError(`pooledRandomBytes(${size})`);
  if (used + size > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.slice(used, used + size);
  used += size;
  return bytes;
}
