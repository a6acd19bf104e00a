import { createHash } from 'node:crypto';

/** An index name within the engine's limit (63 bytes PostgreSQL, 64 MySQL): long ones keep a hash of the whole. */
export function indexName(parts: string[], suffix: string, limit: number): string {
  const name = `${parts.join('_')}_${suffix}`;
  if (Buffer.byteLength(name) <= limit) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  let head = name;
  while (Buffer.byteLength(`${head}_${hash}`) > limit) head = head.slice(0, -1);
  return `${head}_${hash}`;
}

/** Nothing to report or clean: an engine without that part. */
export const noBuildProgress = async () => ({ progress: null, phase: null });
