/**
 * docs/invariants.md: a cancelled tour blocks nothing and counts nowhere. The one predicate the day's
 * views share (timeline, header counts, day figures, completion facts, utilization), as the tour
 * plan PDF's summary leaves cancelled tours out.
 */
export const countedTour = (alias: string) => `${alias}.status <> 'cancelled'`;
