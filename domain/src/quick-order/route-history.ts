/**
 * Route material history (orders.md §3 "Route material history entry", §9; docs/capacity-analysis.md):
 * for the orders of one route (loading plant → delivery plant), per material how often, when last,
 * how much on average, and two scores 0–100:
 * - frequencyScore: the material's share of the route's orders, in percent;
 * - recentFrequencyScore: the same share over the route's orders of the last RECENT_DAYS days (0 when there were none).
 */
export const RECENT_DAYS = 30;
/** §9: the wizard suggests the top 3. */
export const SUGGESTIONS_MAX = 3;

export interface RouteUsage {
  materialId: string;
  usageCount: number;
  recentCount: number;
  lastUsedDate: string;
  averageQuantity: number;
}

/** One material of a route as GET /api/plants/:id/material-history answers it (orders.md §3). */
export interface RouteMaterialEntry {
  material: { id: string; name: string; unit: string; category: string | null; materialCode: string | null };
  usageCount: number;
  lastUsedDate: string;
  averageQuantity: number;
  frequencyScore: number;
  recentFrequencyScore: number;
}

export interface RouteScores {
  frequencyScore: number;
  recentFrequencyScore: number;
}

export function routeScores(usages: readonly RouteUsage[]): Map<string, RouteScores> {
  const total = usages.reduce((sum, u) => sum + u.usageCount, 0);
  const recentTotal = usages.reduce((sum, u) => sum + u.recentCount, 0);
  return new Map(
    usages.map((u) => [
      u.materialId,
      {
        frequencyScore: total === 0 ? 0 : Math.round((100 * u.usageCount) / total),
        recentFrequencyScore: recentTotal === 0 ? 0 : Math.round((100 * u.recentCount) / recentTotal),
      },
    ]),
  );
}

/** §9: the suggestion order, 0.5 × frequencyScore + 0.5 × recentFrequencyScore. */
export function suggestionRank(s: RouteScores): number {
  return 0.5 * s.frequencyScore + 0.5 * s.recentFrequencyScore;
}

/** §9: stars of a suggestion, min(3, ceil(frequencyScore / 30)). */
export function suggestionStars(frequencyScore: number): number {
  return Math.min(3, Math.ceil(frequencyScore / 30));
}

/** The top suggestions, best first (ties: the more often used, then the id). */
export function topSuggestions<T extends RouteScores & { usageCount: number; material: { id: string } }>(
  entries: readonly T[],
  max = SUGGESTIONS_MAX,
): T[] {
  return [...entries]
    .sort((a, b) => suggestionRank(b) - suggestionRank(a) || b.usageCount - a.usageCount || a.material.id.localeCompare(b.material.id))
    .slice(0, max);
}
