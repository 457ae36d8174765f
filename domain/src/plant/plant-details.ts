import type { PlantDetails, PlantRole, PlantStatus, PlantType } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, isGermanPostalCode, isLatitude, isLongitude, refuse, requiredText, requireFields } from '../shared';

/** Defaults of orders.md §3: plant_type zementwerk, plant_role both, status active. */
export const plantDefaults = {
  plantType: 'zementwerk',
  plantRole: 'both',
  status: 'active',
} as const satisfies { plantType: PlantType; plantRole: PlantRole; status: PlantStatus };

/** What a user enters for a plant; anything but the name may be left out. */
export interface PlantInput {
  name: string;
  city?: string | null;
  street?: string | null;
  postalCode?: string | null;
  contactPerson?: string | null;
  phone?: string | null;
  plantType?: PlantType | null;
  plantRole?: PlantRole | null;
  status?: PlantStatus | null;
  lat?: number | null;
  lng?: number | null;
}

/** "street, postalCode city", leaving out what is not known. */
export function formatAddress(street: string | null, postalCode: string | null, city: string | null): string | null {
  const place = [postalCode, city].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ') || null;
}

function validCoordinates(lat: number | null | undefined, lng: number | null | undefined): { lat: number | null; lng: number | null } {
  const latitude = lat ?? null;
  const longitude = lng ?? null;
  // Half a position is no position: a map pin needs both.
  const complete = (latitude === null) === (longitude === null);
  const inRange = (latitude === null || isLatitude(latitude)) && (longitude === null || isLongitude(longitude));
  if (!complete || !inRange) refuse('validation', messages.validation.invalidCoordinates, ['lat', 'lng']);
  return { lat: latitude, lng: longitude };
}

/** Validates a plant input and turns it into the stored details, defaults applied. */
export function plantDetailsFrom(input: PlantInput): PlantDetails {
  requireFields({ name: input.name });
  const street = cleanText(input.street);
  const postalCode = cleanText(input.postalCode);
  const city = cleanText(input.city);
  if (postalCode !== null && !isGermanPostalCode(postalCode)) refuse('validation', messages.validation.invalidPostalCode, ['postalCode']);
  return {
    name: requiredText(input.name),
    city,
    street,
    postalCode,
    address: formatAddress(street, postalCode, city),
    contactPerson: cleanText(input.contactPerson),
    phone: cleanText(input.phone),
    plantType: input.plantType ?? plantDefaults.plantType,
    plantRole: input.plantRole ?? plantDefaults.plantRole,
    status: input.status ?? plantDefaults.status,
    ...validCoordinates(input.lat, input.lng),
  };
}
