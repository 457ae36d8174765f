import type { FieldLook } from '../../components/FormField';

/** The fields of a draft stand in the card's grid (order-text.css), a wide one over two columns. */
export const DRAFT_LOOK: FieldLook = { field: 'order-text__field', wide: 'order-text__field--wide' };
