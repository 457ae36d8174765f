import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import type {
  BulkDispatchResponse,
  DocumentCategory,
  DriverUser,
  FuelCard,
  FuelCardBody,
  Trailer,
  TrailerBody,
  Vehicle,
  VehicleBody,
  VehicleDocument,
} from './fleetTypes';
import { queryKeys } from './queryKeys';
import type { SuccessResponse } from './types';

/**
 * The fleet routes of docs/api/fleet.md as plain functions and react-query hooks. Every write
 * refreshes the fleet queries (and the Disposition's vehicles, which show the dispatch release);
 * the socket does the same for the writes of other users (features/fleet/useFleetLiveUpdates).
 */

const segment = (id: string) => encodeURIComponent(id);

/** fleet.md §2: the driver search starts at 2 characters. */
export const DRIVER_SEARCH_MIN_CHARS = 2;

export async function fetchVehicles(signal?: AbortSignal): Promise<Vehicle[]> {
  const answer = await apiRequest<{ vehicles: Vehicle[] }>('/vehicles', signal ? { signal } : {});
  return answer.vehicles ?? [];
}

export async function fetchTrailers(signal?: AbortSignal): Promise<Trailer[]> {
  const answer = await apiRequest<{ auflieger: Trailer[] }>('/auflieger', signal ? { signal } : {});
  return answer.auflieger ?? [];
}

export async function fetchFuelCards(signal?: AbortSignal): Promise<FuelCard[]> {
  const answer = await apiRequest<{ fuel_cards: FuelCard[] }>('/fuel-cards', signal ? { signal } : {});
  return answer.fuel_cards ?? [];
}

export async function fetchVehicleDocuments(vehicleId: string, signal?: AbortSignal): Promise<VehicleDocument[]> {
  const answer = await apiRequest<{ documents: VehicleDocument[] }>(`/vehicles/${segment(vehicleId)}/documents`, signal ? { signal } : {});
  return answer.documents ?? [];
}

/** A running or planned tour of a vehicle (issue 31: the delete dialog names them). */
export interface VehicleLiveTour {
  id: string;
  tourNumber: string;
  date: string;
  startTime: string;
  status: 'planned' | 'in_progress';
}

export async function fetchVehicleLiveTours(vehicleId: string, signal?: AbortSignal): Promise<VehicleLiveTour[]> {
  const answer = await apiRequest<{ tours: VehicleLiveTour[] }>(`/vehicles/${segment(vehicleId)}/live-tours`, signal ? { signal } : {});
  return answer.tours ?? [];
}

/** Always fresh: a delete is offered only when the server just said there are no live tours. */
export function useVehicleLiveTours(vehicleId: string) {
  return useQuery({ queryKey: queryKeys.fleet.liveTours(vehicleId), queryFn: ({ signal }) => fetchVehicleLiveTours(vehicleId, signal), staleTime: 0 });
}

export async function searchDriverUsers(term: string, signal?: AbortSignal): Promise<DriverUser[]> {
  const answer = await apiRequest<{ users: DriverUser[] }>('/vehicles/search/users', { query: { q: term }, ...(signal ? { signal } : {}) });
  return answer.users ?? [];
}

export function createVehicle(body: VehicleBody) {
  return apiRequest<{ success: boolean; vehicle: Vehicle }>('/vehicles', { method: 'POST', body });
}

export function updateVehicle(id: string, body: VehicleBody) {
  return apiRequest<{ success: boolean; vehicle: Vehicle }>(`/vehicles/${segment(id)}`, { method: 'PUT', body });
}

/** fleet.md §4: the single toggle sends only enabled_for_dispatch. */
export function setVehicleDispatch(id: string, enabled: boolean) {
  return updateVehicle(id, { enabled_for_dispatch: enabled });
}

export function deleteVehicle(id: string) {
  return apiRequest<SuccessResponse>(`/vehicles/${segment(id)}`, { method: 'DELETE' });
}

/** One update per vehicle on the server; setting a value twice changes nothing, so it may be retried. */
export function bulkDispatch(vehicleIds: readonly string[], enabled: boolean) {
  return apiRequest<BulkDispatchResponse>('/vehicles/bulk-dispatch', {
    method: 'POST',
    body: { vehicle_ids: vehicleIds, enabled_for_dispatch: enabled },
    idempotent: true,
  });
}

export function createTrailer(body: TrailerBody) {
  return apiRequest<{ success: boolean; auflieger: Trailer }>('/auflieger', { method: 'POST', body });
}

export function updateTrailer(id: string, body: TrailerBody) {
  return apiRequest<{ success: boolean; auflieger: Trailer }>(`/auflieger/${segment(id)}`, { method: 'PUT', body });
}

export function deleteTrailer(id: string) {
  return apiRequest<SuccessResponse>(`/auflieger/${segment(id)}`, { method: 'DELETE' });
}

export function createFuelCard(body: FuelCardBody) {
  return apiRequest<{ success: boolean; fuel_card: FuelCard }>('/fuel-cards', { method: 'POST', body });
}

export function updateFuelCard(id: string, body: FuelCardBody) {
  return apiRequest<{ success: boolean; fuel_card: FuelCard }>(`/fuel-cards/${segment(id)}`, { method: 'PUT', body });
}

export function deleteFuelCard(id: string) {
  return apiRequest<SuccessResponse>(`/fuel-cards/${segment(id)}`, { method: 'DELETE' });
}

/** The only answer with a PIN (fleet managers and admins); the server records every reveal. */
export async function revealFuelCardPin(id: string): Promise<string> {
  const answer = await apiRequest<{ success: boolean; pin_code: string }>(`/fuel-cards/${segment(id)}/reveal-pin`, { method: 'POST' });
  return answer.pin_code;
}

/** Multipart upload of one PDF (the server checks the content, at most 20 MB). */
export function uploadVehicleDocument(vehicleId: string, file: File, category: DocumentCategory) {
  const form = new FormData();
  form.append('category', category);
  form.append('file', file, file.name);
  return apiRequest<{ success: boolean; document: VehicleDocument }>(`/vehicles/${segment(vehicleId)}/documents`, {
    method: 'POST',
    body: form,
  });
}

export function downloadVehicleDocument(vehicleId: string, documentId: string): Promise<DownloadedFile> {
  return fetchFile(`/vehicles/${segment(vehicleId)}/documents/${segment(documentId)}/download`);
}

export function deleteVehicleDocument(vehicleId: string, documentId: string) {
  return apiRequest<SuccessResponse>(`/vehicles/${segment(vehicleId)}/documents/${segment(documentId)}`, { method: 'DELETE' });
}

const FLEET_STALE_MS = 30_000;

export function useVehicles() {
  return useQuery({ queryKey: queryKeys.fleet.vehicles(), queryFn: ({ signal }) => fetchVehicles(signal), staleTime: FLEET_STALE_MS });
}

export function useTrailers() {
  return useQuery({ queryKey: queryKeys.fleet.trailers(), queryFn: ({ signal }) => fetchTrailers(signal), staleTime: FLEET_STALE_MS });
}

export function useFuelCards() {
  return useQuery({ queryKey: queryKeys.fleet.fuelCards(), queryFn: ({ signal }) => fetchFuelCards(signal), staleTime: FLEET_STALE_MS });
}

export function useVehicleDocuments(vehicleId: string | null) {
  return useQuery({
    queryKey: queryKeys.fleet.documents(vehicleId ?? ''),
    queryFn: ({ signal }) => fetchVehicleDocuments(vehicleId ?? '', signal),
    enabled: vehicleId !== null,
    staleTime: FLEET_STALE_MS,
  });
}

/** Users for the driver field from 2 characters (the caller debounces the term). */
export function useDriverSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: queryKeys.fleet.users(trimmed),
    queryFn: ({ signal }) => searchDriverUsers(trimmed, signal),
    enabled: trimmed.length >= DRIVER_SEARCH_MIN_CHARS,
    staleTime: FLEET_STALE_MS,
  });
}

/** Refetches the fleet and what shows fleet data elsewhere (the Disposition's vehicles). */
export function invalidateFleet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dispatch.vehiclesAll() }),
  ]).then(() => undefined);
}

/** A fleet write as a mutation that refreshes the fleet when it succeeded. */
function useFleetMutation<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void invalidateFleet(queryClient);
    },
  });
}

export const useCreateVehicle = () => useFleetMutation((body: VehicleBody) => createVehicle(body));
export const useUpdateVehicle = () => useFleetMutation(({ id, body }: { id: string; body: VehicleBody }) => updateVehicle(id, body));
export const useSetVehicleDispatch = () =>
  useFleetMutation(({ id, enabled }: { id: string; enabled: boolean }) => setVehicleDispatch(id, enabled));
export const useDeleteVehicle = () => useFleetMutation((id: string) => deleteVehicle(id));
export const useBulkDispatch = () =>
  useFleetMutation(({ ids, enabled }: { ids: readonly string[]; enabled: boolean }) => bulkDispatch(ids, enabled));
export const useCreateTrailer = () => useFleetMutation((body: TrailerBody) => createTrailer(body));
export const useUpdateTrailer = () => useFleetMutation(({ id, body }: { id: string; body: TrailerBody }) => updateTrailer(id, body));
export const useDeleteTrailer = () => useFleetMutation((id: string) => deleteTrailer(id));
export const useCreateFuelCard = () => useFleetMutation((body: FuelCardBody) => createFuelCard(body));
export const useUpdateFuelCard = () => useFleetMutation(({ id, body }: { id: string; body: FuelCardBody }) => updateFuelCard(id, body));
export const useDeleteFuelCard = () => useFleetMutation((id: string) => deleteFuelCard(id));
export const useUploadDocument = () =>
  useFleetMutation(({ vehicleId, file, category }: { vehicleId: string; file: File; category: DocumentCategory }) =>
    uploadVehicleDocument(vehicleId, file, category),
  );
export const useDeleteDocument = () =>
  useFleetMutation(({ vehicleId, documentId }: { vehicleId: string; documentId: string }) => deleteVehicleDocument(vehicleId, documentId));
