export { ORDER_TEXT_DEFAULT_SETTINGS, OrderTextEntry, type OrderTextEntryProps, type OrderTextSettings, showsSeparateSearch } from './OrderTextEntry';
