import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { clearDispatchCaches } from './disposition';
import { invalidateFleet } from './fleet';
import { queryKeys } from './queryKeys';
import type { Appointment } from './workshop';
import type {
  ConflictAnalysis,
  RankedWorkshop,
  Reassignment,
  RedistributionPlan as DomainPlan,
  VehicleSuitability,
} from '@dispo/domain/smart-service/index';

/** The Smart Service (docs/api/smart-service.md): analysis, redistribution, booking. */

export type { AffectedTour, RankedWorkshop, Reassignment } from '@dispo/domain/smart-service/index';

/** The plan as the server answers it: the domain's plan with the vehicles chosen and the tours left over. */
export interface RedistributionPlan extends DomainPlan {
  reassignments: Reassignment[];
  unassigned: { tourId: string; tourNumber: string; reason: string; message: string }[];
  /** Issue 31: the released vehicles, an unsuitable one (in the workshop) with its reason. */
  vehicles: VehicleSuitability[];
}

export interface SmartServiceAnalysis {
  vehicle: { id: string; licensePlate: string; brand: string | null; homePlantName: string | null };
  schedule: {
    date: string;
    toursToday: number;
    lastTourEnd: string | null;
    tours: { tourId: string; tourNumber: string; startTime: string; endTime: string; status: string; orderCount: number }[];
  };
  appointmentTime: string;
  estimatedDuration: number;
  recommendation: { suggestedAppointmentTime: string | null; suggestedDate: string; reasoning: string; workshopId: string | null };
  workshops: { count: number; recommendations: RankedWorkshop[] };
  conflicts: ConflictAnalysis;
  redistributionPlan: RedistributionPlan | null;
  emergency: boolean;
}

export interface AnalyzeBody {
  vehicleId: string;
  selectedDate: string;
  radiusKm: number;
  isEmergency: boolean;
  appointmentTime?: string;
  serviceType?: string;
}

export interface RedistributeBody {
  conflictingVehicleId: string;
  selectedDate: string;
  conflictingTourIds: string[];
  appointmentTime: string;
  estimatedDuration: number;
}

export interface RedistributeAnswer {
  success: boolean;
  message: string;
  redistributionPlan: RedistributionPlan | null;
  availableVehicles: { vehicleId: string; licensePlate: string; unsuitableReason: string | null }[];
  redistributionSummary: { successfulRedistributions: number; conflictingToursCount: number; estimatedReassignmentTime: number };
  recommendedActions: string[];
}

export interface BookBody {
  vehicleId: string;
  workshopId: string | null;
  workshopName?: string;
  workshopAddress?: string;
  workshopPhone?: string | null;
  appointmentDate: string;
  appointmentTime: string;
  estimatedDuration: number;
  serviceType?: string;
  notes?: string;
  isEmergency: boolean;
}

export interface BookAnswer {
  success: boolean;
  appointment: Appointment & { bookingReference: string | null };
  bookingReference: string;
  message: string;
}

export function analyzeVehicle(body: AnalyzeBody, signal?: AbortSignal) {
  return apiRequest<{ success: boolean; analysis?: SmartServiceAnalysis }>('/smart-service/analyze-vehicle', { method: 'POST', body, ...(signal ? { signal } : {}) });
}

export function redistributeTours(body: RedistributeBody) {
  return apiRequest<RedistributeAnswer>('/smart-service/redistribute-tours', { method: 'POST', body });
}

export function bookAppointment(body: BookBody) {
  return apiRequest<BookAnswer>('/smart-service/book-appointment', { method: 'POST', body });
}

export function useSmartServiceAnalysis(body: AnalyzeBody) {
  return useQuery({
    queryKey: [...queryKeys.dispatch.all, 'smart-service', body] as const,
    queryFn: ({ signal }) => analyzeVehicle(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A redistribution moves tours: the Disposition's tours and the fleet's vehicles refetch. */
export function useRedistributeTours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redistributeTours,
    onSuccess: async () => {
      await Promise.all([clearDispatchCaches(queryClient), invalidateFleet(queryClient)]);
    },
  });
}

/** A booking is an appointment: fleet lists, the Disposition's markers and the analysis refetch. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: async () => {
      await Promise.all([clearDispatchCaches(queryClient), invalidateFleet(queryClient)]);
    },
  });
}
