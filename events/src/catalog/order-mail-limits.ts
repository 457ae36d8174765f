/** orders.md §2.10: at most this many orders go into one mail (each may carry its PDF); free of zod for the web client. */
export const MAX_ORDERS_PER_MAIL = 50;
