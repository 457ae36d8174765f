import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile, fetchFile } from './client';
import { invalidateFleet } from './fleet';
import { queryKeys } from './queryKeys';

/**
 * Workshop and maintenance appointments, workshops and the vehicle and trailer histories
 * (docs/api/fleet.md). Every write refreshes the fleet queries and the Disposition's vehicles, whose
 * workshop markers show the appointments.
 */

export type SubjectKind = 'vehicle' | 'trailer';

export interface Appointment {
  id: string;
  subjectKind: SubjectKind;
  vehicleId: string | null;
  aufliegerId: string | null;
  subjectPlate: string | null;
  date: string;
  time: string;
  type: string;
  workshop: string | null;
  customWorkshop: string | null;
  location: string | null;
  notes: string | null;
  estimatedCost: number | null;
  responsible: string | null;
  durationMinutes: number;
  status: 'pending' | 'completed' | 'not_completed' | 'cancelled';
  completionTracked: boolean;
  completionData: Record<string, unknown> | null;
  pendingCompletion: boolean;
  originalVehicleId: string | null;
  detectedKeywords: string[];
  followUpOf: string | null;
  completedByName: string | null;
  completedAt: string | null;
}

export interface Workshop {
  id: string;
  name: string;
  brand: string | null;
  address: string;
  phone: string | null;
  services: string[];
  openingHours: string;
  rating: number;
  distance: number | null;
  /** 0 to 1 (docs/api/smart-service.md "Brand match"), with its label of fleet.md §9. */
  brandMatch: number;
  brandLabel: string;
}

export interface AppointmentBody {
  type?: string;
  date?: string;
  time?: string;
  workshop?: string | null;
  customWorkshop?: string | null;
  location?: string | null;
  notes?: string | null;
  cost?: number | null;
  responsible?: string | null;
  aufliegerId?: string;
  detectedKeywords?: string[];
  /** A completed vehicle appointment: its invoice amount, entered later (fleet.md §4). */
  invoiceAmount?: number;
}

export interface VehicleCompletionBody {
  completed: boolean;
  hasInvoice?: boolean;
  invoiceAmount?: number | null;
  followUpNeeded?: boolean;
  followUpDate?: string | null;
  notes?: string | null;
  /** Issue 31: what the wizard collects for the vehicle; the vehicle takes it from the completion. */
  odometerKm?: number | null;
  nextServiceDue?: string | null;
  inspectionUntil?: string | null;
}

export interface TrailerCompletionBody {
  wasSuccessful: boolean;
  actualCost: number;
  completionNotes?: string | null;
  followUpRequired: boolean;
  followUpDate?: string | null;
  followUpNotes?: string | null;
}

export interface HistoryEntry {
  id: string;
  actionType: string;
  actionTitle: string;
  description: string;
  details: Record<string, unknown>;
  performedAt: string | null;
  performer: { firstName: string; lastName: string } | null;
  systemGenerated?: boolean;
}

export interface HistoryFilter {
  startDate: string;
  endDate: string;
  actionType: string;
}

const segment = (id: string) => encodeURIComponent(id);
const base = (kind: SubjectKind, id: string) => `${kind === 'vehicle' ? '/vehicles' : '/auflieger'}/${segment(id)}`;

export function planAppointment(kind: SubjectKind, id: string, body: AppointmentBody) {
  return apiRequest<{ success: boolean; appointment: Appointment }>(`${base(kind, id)}/appointments`, { method: 'POST', body });
}

export function updateAppointment(id: string, body: AppointmentBody) {
  return apiRequest<{ success: boolean; appointment: Appointment }>(`/appointments/${segment(id)}`, { method: 'PUT', body });
}

export function deleteAppointment(id: string) {
  return apiRequest<{ success: boolean; appointment: Appointment }>(`/appointments/${segment(id)}`, { method: 'DELETE' });
}

export function completeAppointment(id: string, body: VehicleCompletionBody | TrailerCompletionBody) {
  return apiRequest<{ success: boolean; appointment: Appointment; followUp: Appointment | null }>(`/appointments/${segment(id)}/complete`, {
    method: 'POST',
    body,
  });
}

export async function fetchAppointments(kind: SubjectKind, id: string, signal?: AbortSignal) {
  return apiRequest<{ upcoming: Appointment[]; past: Appointment[] }>(`${base(kind, id)}/appointments`, signal ? { signal } : {});
}

export async function fetchPendingAppointments(kind: SubjectKind, id: string, signal?: AbortSignal): Promise<Appointment[]> {
  const answer = await apiRequest<{ appointments: Appointment[] }>(`${base(kind, id)}/appointments/pending`, signal ? { signal } : {});
  return answer.appointments ?? [];
}

export async function fetchWorkshops(vehicleId: string | null, signal?: AbortSignal): Promise<Workshop[]> {
  const answer = await apiRequest<{ workshops: Workshop[] }>('/workshops', {
    ...(vehicleId ? { query: { vehicleId } } : {}),
    ...(signal ? { signal } : {}),
  });
  return answer.workshops ?? [];
}

export async function fetchHistory(kind: SubjectKind, id: string, filter: HistoryFilter, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== ''));
  const answer = await apiRequest<{ history: HistoryEntry[] }>(`${base(kind, id)}/history`, { query, ...(signal ? { signal } : {}) });
  return answer.history ?? [];
}

export function downloadHistoryPdf(kind: SubjectKind, id: string, filter: HistoryFilter): Promise<DownloadedFile> {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== ''));
  return fetchFile(`${base(kind, id)}/history/pdf?${query.toString()}`);
}

const STALE_MS = 30_000;

export function useAppointments(kind: SubjectKind, id: string) {
  return useQuery({ queryKey: queryKeys.fleet.appointments(kind, id), queryFn: ({ signal }) => fetchAppointments(kind, id, signal), staleTime: STALE_MS });
}

export function usePendingAppointments(kind: SubjectKind, id: string) {
  return useQuery({
    queryKey: queryKeys.fleet.pendingAppointments(kind, id),
    queryFn: ({ signal }) => fetchPendingAppointments(kind, id, signal),
    staleTime: 0,
  });
}

export function useWorkshops(vehicleId: string | null) {
  return useQuery({ queryKey: queryKeys.fleet.workshops(vehicleId), queryFn: ({ signal }) => fetchWorkshops(vehicleId, signal), staleTime: 5 * 60_000 });
}

export function useHistory(kind: SubjectKind, id: string, filter: HistoryFilter) {
  return useQuery({ queryKey: queryKeys.fleet.history(kind, id, filter), queryFn: ({ signal }) => fetchHistory(kind, id, filter, signal) });
}

function useAppointmentMutation<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => void invalidateFleet(queryClient) });
}

export const usePlanAppointment = () =>
  useAppointmentMutation(({ kind, id, body }: { kind: SubjectKind; id: string; body: AppointmentBody }) => planAppointment(kind, id, body));
export const useUpdateAppointment = () => useAppointmentMutation(({ id, body }: { id: string; body: AppointmentBody }) => updateAppointment(id, body));
export const useDeleteAppointment = () => useAppointmentMutation((id: string) => deleteAppointment(id));
export const useCompleteAppointment = () =>
  useAppointmentMutation(({ id, body }: { id: string; body: VehicleCompletionBody | TrailerCompletionBody }) => completeAppointment(id, body));
