/** OIDs whose text form both clients parse to numbers. */
export const INT8_OID = 20;
export const XID8_OID = 5069;

/**
 * int8 and xid8 as JS numbers: positions, transaction ids and counts stay far below 2^53. Larger values
 * become BigInt rather than silently losing precision (PGlite's own int8 behaviour).
 */
export function parseInt8Text(value: string): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
}

/** date: kept as its text 'YYYY-MM-DD'. A JS Date would put a business date at some zone's midnight. */
export const DATE_OID = 1082;
export const keepText = (value: string): string => value;
