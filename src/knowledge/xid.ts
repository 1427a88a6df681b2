// Lookup over the Xid table (data/xid.ts): what a code means and whether it is the node's fault.
import { XID_ROWS, type XidRow } from './data/xid.js';

const BY_CODE = new Map<number, XidRow>(XID_ROWS.map((r) => [r.code, r]));

export function xidInfo(code: number): XidRow | undefined {
  return BY_CODE.get(code);
}

export type { XidRow };
