import { requestText, selectedId } from '@dispo/platform/http/text-schemas';
import { z } from 'zod';

/**
 * Field schemas shared by the fleet bodies. They check types only; which fields are required and
 * which values are valid is the deciders' rule, so the answer is the spec's German message.
 */

/** A cleared input or select sends '' and means "nothing". */
const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const optionalText = (max: number) => requestText().max(max).nullable().optional();
export const optionalNumber = z.preprocess(blankIsNull, z.number().finite().nullable()).optional();
export const optionalDateText = z.preprocess(blankIsNull, requestText().max(10).nullable()).optional();
export const optionalFlag = z.boolean().nullable().optional();
export const optionalId = selectedId().optional();

/** A select of fixed values: '' is "not chosen", so a required one gets the Pflichtfelder message. */
export const optionalChoice = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsNull, schema.nullable()).optional();

export const idParams = z.strictObject({ id: requestText().trim().min(1).max(100) });

/** Undefined keys stay out of an update: they keep the stored value. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
