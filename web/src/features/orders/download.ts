/** orders.md §7.2: the order PDF is saved as Auftrag_{orderNumber}.pdf. */
export function orderPdfFileName(orderNumber: string): string {
  return `Auftrag_${orderNumber}.pdf`;
}

export function stornoPdfFileName(orderNumber: string): string {
  return `Storno_${orderNumber}.pdf`;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
