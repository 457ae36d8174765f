import { useSession } from '../auth/useSession';

/** docs/api/fleet.md: every role reads the fleet; fleet managers and admins write and reveal PINs. */
export const FLEET_WRITER_ROLES = ['fleet_manager', 'admin'] as const;

/** docs/api/fleet.md: fleet managers and dispatchers (and admins) plan and complete workshop appointments. */
export const APPOINTMENT_WRITER_ROLES = ['fleet_manager', 'dispatcher', 'admin'] as const;

export interface FleetPermissions {
  canWrite: boolean;
  canRevealPin: boolean;
  canPlanAppointments: boolean;
}

export function useFleetPermissions(): FleetPermissions {
  const roles = useSession()?.user?.roles ?? [];
  const canWrite = FLEET_WRITER_ROLES.some((role) => roles.includes(role));
  const canPlanAppointments = APPOINTMENT_WRITER_ROLES.some((role) => roles.includes(role));
  return { canWrite, canRevealPin: canWrite, canPlanAppointments };
}
