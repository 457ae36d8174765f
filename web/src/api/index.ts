export { login, useLogin } from './auth';
export { apiRequest, configureApiClient, handleUnauthorized } from './client';
export { ApiError, isApiError } from './errors';
export {
  DEFAULT_ORDER_LIST_PARAMS,
  fetchOrders,
  useBulkStatus,
  useCreateOrder,
  useDeleteOrder,
  useDuplicateOrder,
  useOrder,
  useOrders,
  useOrderSuggestions,
  usePatchOrder,
  useStornoOrder,
  useUpdateOrder,
} from './orders';
export { useCustomerSearch, useLoadingPoints, useMaterials, usePlants } from './reference';
export { queryKeys } from './queryKeys';
export type * from './types';
