import { useCallback, useMemo } from 'react';
import { useDispatchVehicles, useOpenOrders, useTours } from '../../api/disposition';
import type { DispatchVehicle, OpenOrder, Tour } from '../../api/dispositionTypes';
import { applyOptimistic, type DisplayTour, type OptimisticOp } from './useOptimistic';

const NO_VEHICLES: DispatchVehicle[] = [];
const NO_TOURS: Tour[] = [];
const NO_ORDERS: OpenOrder[] = [];

export interface DispatchData {
  vehicles: DispatchVehicle[];
  /** The day's tours with the pending optimistic changes. */
  tours: DisplayTour[];
  /** The day's open orders without the optimistically assigned ones. */
  openOrders: OpenOrder[];
  /** Open orders of the day as the server last said (Dispo abschließen waits for 0). */
  serverOpenCount: number;
  loading: boolean;
  fetching: boolean;
  /** When the last load failed (ms), or 0. */
  errorAt: number;
  /** Fetches vehicles, tours and open orders again; true when all three arrived. */
  refetchAll(): Promise<boolean>;
}

/** Vehicles, tours and open orders of a date (dispatch.md §7), merged with the optimistic changes. */
export function useDispatchData(date: string, live: boolean, ops: readonly OptimisticOp[]): DispatchData {
  // DispatchRoute started the calls already, with the page's code; these take them over (same keys).
  const vehiclesQuery = useDispatchVehicles(date);
  const toursQuery = useTours(date, { live });
  const ordersQuery = useOpenOrders(date, { live });
  const serverTours = toursQuery.data ?? NO_TOURS;
  const serverOrders = ordersQuery.data ?? NO_ORDERS;

  const merged = useMemo(() => applyOptimistic(serverTours, serverOrders, ops), [serverTours, serverOrders, ops]);
  const openOrders = useMemo(() => merged.openOrders.filter((order) => order.delivery_date?.slice(0, 10) === date), [merged.openOrders, date]);
  const serverOpenCount = useMemo(() => serverOrders.filter((order) => order.delivery_date?.slice(0, 10) === date).length, [serverOrders, date]);

  const { refetch: refetchVehicles } = vehiclesQuery;
  const { refetch: refetchTours } = toursQuery;
  const { refetch: refetchOrders } = ordersQuery;
  const refetchAll = useCallback(async () => {
    const results = await Promise.all([refetchVehicles(), refetchTours(), refetchOrders()]);
    return results.every((result) => !result.isError);
  }, [refetchVehicles, refetchTours, refetchOrders]);

  const errorAt = Math.max(
    vehiclesQuery.isError ? vehiclesQuery.errorUpdatedAt : 0,
    toursQuery.isError ? toursQuery.errorUpdatedAt : 0,
    ordersQuery.isError ? ordersQuery.errorUpdatedAt : 0,
  );

  return {
    vehicles: vehiclesQuery.data ?? NO_VEHICLES,
    tours: merged.tours,
    openOrders,
    serverOpenCount,
    loading: vehiclesQuery.isPending || toursQuery.isPending || ordersQuery.isPending,
    fetching: vehiclesQuery.isFetching || toursQuery.isFetching || ordersQuery.isFetching,
    errorAt,
    refetchAll,
  };
}
